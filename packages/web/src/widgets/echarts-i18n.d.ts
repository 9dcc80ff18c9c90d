// ECharts ships its translations as untyped ES modules of one locale object each.
declare module 'echarts/lib/i18n/*' {
  const locale: object;
  // biome-ignore lint/style/noDefaultExport: the shape of ECharts' own modules
  export default locale;
}
