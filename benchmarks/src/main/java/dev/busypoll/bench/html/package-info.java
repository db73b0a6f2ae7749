/**
 * The self-contained HTML report: a page renderer ({@link dev.busypoll.bench.html.HtmlPage}) over the report's
 * sections, and an inline-SVG renderer for its plots ({@link dev.busypoll.bench.html.SvgChart}) with its axes
 * ({@link dev.busypoll.bench.html.Axis}) and series styles ({@link dev.busypoll.bench.html.Palette}). No script,
 * no external resource: the page opens in a browser with no network.
 */
package dev.busypoll.bench.html;
