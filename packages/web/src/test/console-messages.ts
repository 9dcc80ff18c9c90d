import enUSConsole from '../i18n/locales/console/en_US.json';

type Tree = { [key: string]: string | Tree };

/** Whether the console bundle (en_US) has a message under this key: for keys the code builds. */
export function hasConsoleMessage(key: string): boolean {
  const node = key
    .split('.')
    .reduce<string | Tree | undefined>(
      (tree, part) => (typeof tree === 'object' ? tree[part] : undefined),
      enUSConsole as Tree,
    );
  return typeof node === 'string';
}
