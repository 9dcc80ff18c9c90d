import type { WidgetTypeDescriptor } from '@meridian/common';
import { useWidgetTypeInfo } from '../../../dashboard/sandbox/use-widget-type-info';
import { findWidget } from '../../../widgets/registry';
import { DEFAULT_TYPE_PARAMETERS, type WidgetTypeParameters } from '../../../widgets/widget-definition';
import { type ActionSourceOption, actionSourcesOf } from './widget-actions-edit';

/** What the config editor needs to know of the edited widget's type. */
export interface ConfigTypeInfo {
  typeParameters: WidgetTypeParameters;
  actionSources: ActionSourceOption[];
  /** Why a custom type's controller script could not be read; null when it was (or is native). */
  error: string | null;
}

/**
 * The type parameters and action sources of the edited widget: a native widget's from its
 * definition; a custom type's read from its controller script in the sandbox worker (the
 * defaults until that answers, or when it cannot).
 */
export function useConfigTypeInfo(
  bundleAlias: string,
  typeAlias: string,
  descriptor: WidgetTypeDescriptor | undefined,
): ConfigTypeInfo {
  const native = findWidget({ bundleAlias, typeAlias });
  const custom = useWidgetTypeInfo(native || !descriptor ? undefined : (descriptor.controllerScript ?? ''));
  if (native) {
    return {
      typeParameters: { ...DEFAULT_TYPE_PARAMETERS, ...native.typeParameters },
      actionSources: actionSourcesOf(native),
      error: null,
    };
  }
  return {
    typeParameters: custom?.typeParameters ?? DEFAULT_TYPE_PARAMETERS,
    actionSources: actionSourcesOf(undefined, custom?.actionSources),
    error: custom?.error ?? null,
  };
}
