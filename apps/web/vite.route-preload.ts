import path from 'node:path';
import type { Plugin, Rollup } from 'vite';

/** The lazily loaded modules a page at `pathname` (exactly) needs for its first screen, relative to the web root. */
export interface RoutePreload {
  pathname: string;
  modules: string[];
}

/**
 * Writes into index.html a small inline script that, on the given pathnames, adds `<link rel="modulepreload">` for
 * the chunks of those routes' lazy modules (and the chunks they import, less those the entry loads anyway). The
 * browser then downloads them together with the entry instead of after the entry has run and the router asked for
 * them: one round trip and one download fewer in a row on a phone's slow network (issue "caregiver app",
 * Performance). Other pages download nothing more, nor does a page the service worker already serves (its files
 * come from the phone then; starting each request costs the main thread more than it saves). A module that has no
 * chunk of its own is skipped with a warning.
 */
export function preloadRouteModules(routes: RoutePreload[]): Plugin {
  let root = '';
  let base = '/';
  return {
    name: 'hearth:route-preload',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        if (!ctx.bundle) return;
        const chunks = Object.values(ctx.bundle).filter((o): o is Rollup.OutputChunk => o.type === 'chunk');
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const staticClosure = (start: Rollup.OutputChunk[]): Set<string> => {
          const seen = new Set<string>();
          const queue = [...start];
          for (let chunk = queue.pop(); chunk; chunk = queue.pop()) {
            if (seen.has(chunk.fileName)) continue;
            seen.add(chunk.fileName);
            for (const file of chunk.imports) queue.push(byFile.get(file)!);
          }
          return seen;
        };
        const initial = staticClosure(chunks.filter((c) => c.isEntry));
        const byModule = new Map(
          chunks.filter((c) => c.facadeModuleId).map((c) => [path.relative(root, c.facadeModuleId!), c] as const),
        );
        const preloads: Record<string, string[]> = {};
        for (const route of routes) {
          const starts = route.modules.flatMap((module) => {
            const chunk = byModule.get(module);
            if (!chunk) this.warn(`route-preload: ${module} has no chunk of its own; not preloaded`);
            return chunk ? [chunk] : [];
          });
          preloads[route.pathname] = [...staticClosure(starts)].filter((f) => !initial.has(f)).map((f) => base + f);
        }
        const code =
          `(function(p){var f=p[location.pathname],s=navigator.serviceWorker;if(!f||(s&&s.controller))return;` +
          `f.forEach(function(h){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';` +
          `l.href=h;document.head.appendChild(l)})})(${JSON.stringify(preloads)})`;
        return [{ tag: 'script', children: code, injectTo: 'head-prepend' }];
      },
    },
  };
}
