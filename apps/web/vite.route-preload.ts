import path from 'node:path';
import type { Plugin, ResolveModulePreloadDependenciesFn, Rollup } from 'vite';

/**
 * The lazily loaded modules a page needs for its first screen, relative to the web root. `pathname` matches exactly,
 * or, ending in `/*`, every path under it (an exact match wins).
 */
export interface RoutePreload {
  pathname: string;
  modules: string[];
}

/**
 * Writes into index.html a small inline script that, on the given pathnames, adds `<link rel="modulepreload">` for
 * the chunks of those routes' lazy modules (and the chunks they import, less those the entry loads anyway). The
 * browser then downloads them together with the entry instead of after the entry has run and the router asked for
 * them: one round trip and one download fewer in a row on a phone's slow network (issue "caregiver app",
 * Performance). A page the service worker serves gets the same links: its files come from the phone, but asked for
 * all at once while the page still waits for the entry, instead of one import level after another once the router
 * runs. Other pages download nothing more. A module that has no chunk of its own is skipped with a warning.
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
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        routeChunkFiles.clear();
        const wanted = new Set(routes.flatMap((route) => route.modules));
        for (const output of Object.values(bundle)) {
          const module = output.type === 'chunk' && output.facadeModuleId && path.relative(root, output.facadeModuleId);
          if (module && wanted.has(module)) routeChunkFiles.set(module, output.fileName);
        }
      },
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
        const preloads: Record<string, string[]> = {};
        for (const route of routes) {
          const starts = route.modules.flatMap((module) => {
            const file = routeChunkFiles.get(module);
            const chunk = file === undefined ? undefined : byFile.get(file);
            if (!chunk) this.warn(`route-preload: ${module} has no chunk of its own; not preloaded`);
            return chunk ? [chunk] : [];
          });
          preloads[route.pathname] = [...staticClosure(starts)].filter((f) => !initial.has(f)).map((f) => base + f);
        }
        const code =
          `(function(p){var u=location.pathname,f=p[u];if(!f)for(var k in p)` +
          `if(k.slice(-2)==='/*'&&u.indexOf(k.slice(0,-1))===0){f=p[k];break}if(!f)return;` +
          `f.forEach(function(h){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';` +
          `l.href=h;document.head.appendChild(l)})})(${JSON.stringify(preloads)})`;
        return [{ tag: 'script', children: code, injectTo: 'head-prepend' }];
      },
    },
  };
}

/**
 * The built file of each route module (relative to the web root) of the last build: its generateBundle runs before
 * Vite renders preloads and index.html.
 */
const routeChunkFiles = new Map<string, string>();

/**
 * `build.modulePreload.resolveDependencies` to use with preloadRouteModules: the `import()` of a route module it
 * lists preloads none of its JavaScript (its stylesheets still load, as Vite keeps them apart). The inline script
 * has already asked for exactly those files, from the network or the service worker; Vite's own links would repeat
 * it later, at a cost: each link is a DOM insertion and a lookup on the phone's main thread while the router starts,
 * the time the schedule needs most (about 0.3 s of it with a 4x slower CPU, issue "caregiver app", Performance).
 * Every other `import()` keeps Vite's preloads.
 * @throws Error when called before the plugin saw the bundle (a Vite change of hook order), so a build never
 *   silently loses or keeps the preloads
 */
export const resolveRoutePreloadDependencies: ResolveModulePreloadDependenciesFn = (filename, deps) => {
  if (routeChunkFiles.size === 0) throw new Error('route-preload: the route chunks are not known yet');
  return [...routeChunkFiles.values()].includes(filename) ? [] : deps;
};
