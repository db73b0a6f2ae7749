/**
 * What every scenario's configuration shares: the preset sizes of the two profiles
 * ({@link dev.busypoll.bench.config.Profile}), what an option not given falls back to
 * ({@link dev.busypoll.bench.config.Defaults}) and the check a configuration makes of its values
 * ({@link dev.busypoll.bench.config.Checks}).
 */
package dev.busypoll.bench.config;
