import type { WidgetItem } from './widget-item';

/**
 * The copied widget, kept for the console session: it pastes into any dashboard opened later, with
 * its aliases and filters (as the reference's item buffer does).
 */
let copied: WidgetItem | null = null;

export function copiedWidget(): WidgetItem | null {
  return copied;
}

export function setCopiedWidget(item: WidgetItem): void {
  copied = item;
}
