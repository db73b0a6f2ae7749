/**
 * The busypoll benchmark harness: {@link dev.busypoll.bench.BenchMain} (the command line), the machine header and
 * CPU clocks ({@link dev.busypoll.bench.Machine}), and the report ({@link dev.busypoll.bench.Report},
 * {@link dev.busypoll.bench.Table}).
 *
 * <p>Rules every scenario follows: all transports of a scenario run side by side in one invocation, interleaved
 * (design.md: one transport swings 2x from run to run on a busy 2-core machine); every time comes with the CPU
 * it cost (the RFC reviewers' request); a transport that is not in the build is reported as "not available",
 * never with a number; the tool, not a person, writes the results file.
 *
 * <pre>
 *   BenchMain --parse--&gt; Hackbench.Config ---&gt; Hackbench.run ---&gt; Hackbench.Result --+
 *            \--parse--&gt; PingPong.Config  ---&gt; PingPong.run  ---&gt; PingPong.Result  --+--&gt; Report
 *            \--parse--&gt; GrpcBench.Config ---&gt; GrpcBench.run ---&gt; GrpcBench.Result --+      |
 *                                                                                        |
 *                 stdout (Markdown) &lt;----------------------------------------------------+
 *                 out/&lt;timestamp&gt;/results.md, hackbench.csv, pingpong.csv, grpc.csv &lt;---+
 * </pre>
 */
package dev.busypoll.bench;
