/** Types of scripts/web-bundle.mjs (plain JavaScript so the e2e tier and the bench share it without a build). */
export const INITIAL_JS_BUDGET_BYTES: number;
export const CHUNK_BUDGET_BYTES: number;
export interface WebBuildMeasure {
  initialFiles: string[];
  initialGzipBytes: number;
  largestChunk: { file: string; bytes: number } | null;
  chunks: { file: string; bytes: number }[];
}
export function measureWebBuild(distDir: string): WebBuildMeasure;
export function budgetProblems(m: WebBuildMeasure): string[];
export function kb(bytes: number): string;
