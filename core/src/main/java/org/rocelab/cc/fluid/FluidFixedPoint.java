package org.rocelab.cc.fluid;

/**
 * The equilibrium of the DCQCN fluid model for N identical long flows ({@link
 * DcqcnFluidModel#fixedPoint(int)}): every flow sends C/N, RT sits a constant gap above RC, and
 * the queue stands where the marking curve gives the probability that balances cuts and
 * increases.
 *
 * @param flows N
 * @param markProbability p*
 * @param queueBytes q*, on the marking curve: Kmin + (p* / Pmax)·(Kmax − Kmin)
 * @param alpha α*
 * @param rateBps RC* = C/N
 * @param targetGapBps RT* − RC*
 */
public record FluidFixedPoint(
        int flows, double markProbability, double queueBytes, double alpha, double rateBps, double targetGapBps) {}
