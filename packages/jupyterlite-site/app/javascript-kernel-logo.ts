// Stands in for the JavaScript kernel's logo: @jupyterlite/javascript-kernel-extension
// 0.3.0 imports style/icons/logo-*.png, which its npm package does not contain. A data
// URL, so the launcher shows it without a request.
const svg =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">' +
  '<rect width="64" height="64" fill="#f7df1e"/>' +
  '<text x="58" y="56" font-family="sans-serif" font-weight="bold" font-size="28" text-anchor="end">JS</text>' +
  '</svg>';

export default `data:image/svg+xml,${encodeURIComponent(svg)}`;
