import type { MenuItem } from '@/shell/menuItems';
import { isPermitted, type Permission, type Viewer } from '@/lib/permissions';

/** The permission a menu item declares: staff, or any of its roles; none means everyone. */
function menuItemPermission(item: MenuItem): Permission | undefined {
  if (item.requireStaff) return { staff: true };
  if (item.requiredRoles?.length) return { anyOf: item.requiredRoles };
  return undefined;
}

/**
 * The items `viewer` may see, submenus filtered too. A submenu left without children goes, and
 * so does a section title with nothing visible under it.
 */
export function visibleMenuItems(items: readonly MenuItem[], viewer: Viewer): MenuItem[] {
  const visible = items.flatMap((item): MenuItem[] => {
    if (!isPermitted(menuItemPermission(item), viewer)) return [];
    if (!item.children) return [item];
    const children = visibleMenuItems(item.children, viewer);
    return children.length > 0 || item.url ? [{ ...item, children }] : [];
  });
  return visible.filter(
    (item, index) => !item.isTitle || (visible[index + 1] && !visible[index + 1]!.isTitle),
  );
}

/**
 * Pages the menu has no entry of their own for, lit up through the entry of their list: any
 * page under the prefix counts as the demo path. (Inherited from the template the menu came
 * from; the product has no invoice or shop pages today.)
 */
const DEMO_PATH_MAP: readonly { prefix: string; path: string }[] = [
  { prefix: '/invoice/', path: '/apps/invoices' },
  { prefix: '/ecommerce/product/', path: '/apps/ecommerce/products' },
];

/** The path the menu should treat `pathname` as. */
export function menuPathFor(pathname: string): string {
  return DEMO_PATH_MAP.find(({ prefix }) => pathname.startsWith(prefix))?.path ?? pathname;
}

const trimSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/** Whether `url` is `pathname` or one of its parents, by whole segments. */
function covers(url: string, pathname: string): boolean {
  const base = trimSlash(url);
  return pathname === base || pathname.startsWith(base === '/' ? '/' : `${base}/`);
}

/**
 * The keys from the top-level entry down to the entry for `pathname` (the deepest, longest
 * match wins); empty when no entry matches. Buttons and titles are never active.
 */
export function activeMenuChain(items: readonly MenuItem[], pathname: string): string[] {
  const path = trimSlash(menuPathFor(pathname));
  let best: { chain: string[]; length: number } = { chain: [], length: -1 };
  const visit = (list: readonly MenuItem[], ancestors: string[]) => {
    for (const item of list) {
      if (item.isButton || item.isTitle) continue;
      const chain = [...ancestors, item.key];
      if (item.url && covers(item.url, path) && trimSlash(item.url).length > best.length) {
        best = { chain, length: trimSlash(item.url).length };
      }
      if (item.children) visit(item.children, chain);
    }
  };
  visit(items, []);
  return best.chain;
}
