import { useQuery } from '@tanstack/react-query';
import { readWidgetTypeInfo, type WidgetTypeInfo } from './widget-type-info';

/**
 * A custom widget type's parameters and action sources ({@link readWidgetTypeInfo}), read once per
 * controller script text. Undefined while the script is not known yet or is being read.
 */
export function useWidgetTypeInfo(controllerScript: string | undefined): WidgetTypeInfo | undefined {
  const info = useQuery({
    queryKey: ['widget-type-info', controllerScript],
    queryFn: () => readWidgetTypeInfo(controllerScript ?? ''),
    enabled: controllerScript !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  return controllerScript === undefined ? undefined : info.data;
}
