/**
 * A short, stable kind for a main-area widget: `notebook`, `console`, `editor`
 * (a file editor), `document` (any other document viewer), else `widget`. Read
 * from the widget's shape, since class names are minified in production builds.
 */
export function widgetType(widget: object): 'notebook' | 'console' | 'editor' | 'document' | 'widget' {
  const w = widget as { context?: unknown; content?: { model?: { cells?: unknown }; editor?: unknown }; console?: unknown };
  if (w.context && w.content?.model?.cells) {
    return 'notebook';
  }
  if (w.console && typeof w.console === 'object') {
    return 'console';
  }
  if (w.context && w.content?.editor) {
    return 'editor';
  }
  if (w.context) {
    return 'document';
  }
  return 'widget';
}
