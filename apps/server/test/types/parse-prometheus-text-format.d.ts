/** The package ships no types; it gives prom2json's shape. */
declare module 'parse-prometheus-text-format' {
  export type ParsedMetric = {
    name: string;
    help: string;
    type: 'GAUGE' | 'COUNTER' | 'SUMMARY' | 'HISTOGRAM' | 'UNTYPED';
    metrics: { value: string; labels?: Record<string, string> }[];
  };
  export default function parsePrometheusTextFormat(text: string): ParsedMetric[];
}
