/**
 * The self-contained HTML report: a page renderer ({@link dev.busypoll.bench.html.HtmlPage}) over the report's
 * sections, and its plots drawn by JFreeChart as inline SVG ({@link dev.busypoll.bench.html.ChartSvg}). No script,
 * no external resource: the page opens in a browser with no network.
 */
package dev.busypoll.bench.html;
