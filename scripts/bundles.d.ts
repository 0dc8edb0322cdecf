import type { BuildOptions } from 'esbuild';

/** The package's folder. */
export const ROOT: string;
/** The page script's esbuild options (lib/client.js, before terser and the license notice). */
export const CLIENT: BuildOptions;
/** Every page script's esbuild options, by its file in lib/: with or without the history, the TV refresh. */
export const CLIENTS: Record<string, BuildOptions & { outfile: string }>;
/** The script of a folder's overview baked with --refresh: lib/overview.js. */
export const OVERVIEW: BuildOptions;
/** The CLI's esbuild options: lib/cli.cjs, and a file of its own for each of LAZY. */
export const CLI: BuildOptions;
/** The modules the CLI loads only when used, by the name of their file in lib/. */
export const LAZY: {
  dates: string;
  schema: string;
  positions: string;
  sheet: string;
  workbook: string;
  announce: string;
};
