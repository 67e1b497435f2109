import type { Plugin, Rollup } from "vite";

// Each start stage (src/main.tsx) imports one module that the build's groups (BOOT_STAGES in
// vite.config.ts) put inside a bigger chunk. For such an import Rolldown writes a file of its own
// that only re-exports that chunk under the module's names (rolldown#9729), so every stage was two
// requests, each costing a phone's main thread a few milliseconds to start. This points each
// import at the chunk itself, picking the names out of it, and drops the re-export file.
const REEXPORT_ONLY = /^export\s*\{([^}]*)\}\s*from\s*"\.\/([\w.-]+\.js)";?\s*$/;

export const stageFacadesCollapsed: Plugin = {
  name: "studio-stage-facades-collapsed",
  apply: "build",
  enforce: "pre",
  generateBundle: {
    order: "pre",
    handler(_options, bundle) {
      const chunks = Object.values(bundle).filter((o): o is Rollup.OutputChunk => o.type === "chunk");
      for (const facade of chunks) {
        const match = facade.isDynamicEntry && !facade.isEntry ? REEXPORT_ONLY.exec(facade.code.trim()) : null;
        if (!match) continue;
        const [, names, target] = match;
        const dir = facade.fileName.slice(0, facade.fileName.lastIndexOf("/") + 1);
        const targetFile = dir + target;
        const fields = names.split(",").map((pair) => {
          const [local, exported = local] = pair.trim().split(/\s+as\s+/);
          return `${JSON.stringify(exported)}:m.${local}`;
        });
        const importers = chunks.filter((c) => c.dynamicImports.includes(facade.fileName));
        const base = facade.fileName.slice(dir.length);
        const call = new RegExp(`import\\((["\`])\\./${base.replace(/[.]/g, "\\.")}\\1\\)`, "g");
        // Only the entry's stages, imported by the entry alone from the same folder. A page's or a
        // dialog's file keeps its name: the precache (precacheScope) knows on-demand code by it.
        const rewritable = importers.every((c) => c.isEntry && c.fileName.startsWith(dir) && !c.fileName.slice(dir.length).includes("/") && !c.imports.includes(facade.fileName));
        if (!rewritable || importers.length === 0) continue;
        for (const importer of importers) {
          importer.code = importer.code.replace(call, `import("./${target}").then(m=>({${fields.join(",")}}))`);
          importer.dynamicImports = importer.dynamicImports.map((f) => (f === facade.fileName ? targetFile : f));
        }
        delete bundle[facade.fileName];
      }
    },
  },
};
