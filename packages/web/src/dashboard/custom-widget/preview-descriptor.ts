import type { WidgetTypeDescriptor } from '@meridian/common';
import { createContext } from 'react';

/**
 * The widget editor's preview: the descriptor being edited, which custom widgets of this
 * dashboard run instead of the stored type (not saved yet, so not on the server).
 */
export const PreviewDescriptorContext = createContext<WidgetTypeDescriptor | null>(null);
