// The public surface of each published package, as a reviewed text file: every entry point of the
// package's `exports`, every name it exports (value or type, with its kind) and the public members
// of its classes and interfaces. `pnpm api:surface` rewrites packages/<name>/api-surface.txt;
// tests/api-surface.test.ts fails when the code's surface and the file differ.
import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { SOURCE_CONDITION } from './source-condition.mjs';

export const root = fileURLToPath(new URL('..', import.meta.url));
/** The packages whose surface is kept (the CLI exports no module). */
export const PACKAGES = ['sdk', 'sandbox'];

const KINDS = [
  [ts.SymbolFlags.Class, 'class'],
  [ts.SymbolFlags.Function, 'function'],
  [ts.SymbolFlags.Variable, 'const'],
  [ts.SymbolFlags.Enum, 'enum'],
  [ts.SymbolFlags.Interface, 'interface'],
  [ts.SymbolFlags.TypeAlias, 'type'],
  [ts.SymbolFlags.Property, 'const'],
  [ts.SymbolFlags.ValueModule | ts.SymbolFlags.NamespaceModule, 'namespace'],
];
const VALUE_KINDS = new Set(['class', 'function', 'const', 'enum', 'namespace']);
const HIDDEN = ts.ModifierFlags.Private | ts.ModifierFlags.Protected;

/**
 * Each code entry point of a package (`.`, `./models`, …) and the source file its condition names;
 * JSON files it ships (`./package.json`, the sandbox's `./openapi.json`) are data, not code.
 */
export function entryPoints(dir) {
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  return Object.entries(manifest.exports ?? {})
    .filter(([subpath]) => !subpath.endsWith('.json'))
    .map(([subpath, target]) => {
      const source = typeof target === 'object' ? target[SOURCE_CONDITION] : undefined;
      if (typeof source !== 'string') throw new Error(`${subpath} of ${dir} has no "${SOURCE_CONDITION}"`);
      return { subpath, file: join(dir, source) };
    });
}

function compilerOptions() {
  const config = ts.getParsedCommandLineOfConfigFile(join(root, 'packages/sdk/tsconfig.json'), {}, ts.sys);
  if (!config) throw new Error('packages/sdk/tsconfig.json could not be read');
  return { ...config.options, noEmit: true };
}

/** Whether an export names only a type (`export type { X }`), whatever X is. */
function typeOnly(symbol) {
  return (symbol.declarations ?? []).some(
    (d) => ts.isExportSpecifier(d) && (d.isTypeOnly || d.parent.parent.isTypeOnly),
  );
}

/** The public members of a class or interface, by name (`static` ones marked; an interface's inherited too). */
function members(checker, symbol) {
  const names = [];
  const inherited = symbol.flags & ts.SymbolFlags.Interface;
  const own = inherited
    ? checker.getPropertiesOfType(checker.getDeclaredTypeOfSymbol(symbol))
    : symbol.members;
  const add = (table, prefix) =>
    table?.forEach((member) => {
      const name = member.name;
      const declaration = member.valueDeclaration ?? member.declarations?.[0];
      if (name.startsWith('__') || name.startsWith('#') || name === 'prototype') return;
      if (member.flags & ts.SymbolFlags.TypeParameter) return;
      if (declaration && ts.getCombinedModifierFlags(declaration) & HIDDEN) return;
      names.push(`${prefix}${name}`);
    });
  add(own, '.');
  if (symbol.flags & ts.SymbolFlags.Class) add(symbol.exports, 'static .');
  return names.sort();
}

/** Lines for one exported name: one per meaning (value, type, namespace), never none. */
function describe(checker, exported, indent = '') {
  const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
  const onlyTypes = typeOnly(exported);
  const lines = [];
  for (const [flag, kind] of KINDS) {
    if (!(symbol.flags & flag) || (onlyTypes && VALUE_KINDS.has(kind))) continue;
    lines.push(`${indent}${kind} ${exported.name}`);
    if (kind === 'class' || kind === 'interface')
      lines.push(...members(checker, symbol).map((m) => `${indent}    ${m}`));
    if (kind === 'namespace') lines.push(...moduleLines(checker, symbol, `${indent}    `));
  }
  if (onlyTypes && symbol.flags & ts.SymbolFlags.Class) {
    lines.push(
      `${indent}type ${exported.name} (class)`,
      ...members(checker, symbol).map((m) => `${indent}    ${m}`),
    );
  }
  if (lines.length === 0) lines.push(`${indent}unknown ${exported.name} (symbol flags ${symbol.flags})`);
  return lines;
}

/** The lines of every name a module (or namespace) exports, sorted by name. */
function moduleLines(checker, moduleSymbol, indent = '') {
  const exports = checker.getExportsOfModule(moduleSymbol);
  const sorted = [...exports].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return sorted.flatMap((exported) => describe(checker, exported, indent));
}

/** The checker of a program over some files, and the lines of each file's exports. */
function exportLines(files) {
  const program = ts.createProgram(files, compilerOptions());
  const checker = program.getTypeChecker();
  return files.map((file) => {
    const source = program.getSourceFile(file);
    if (!source) throw new Error(`${file} is not in the program`);
    return moduleLines(checker, checker.getSymbolAtLocation(source));
  });
}

/** The surface of one package as lines of text. */
export function surface(name) {
  const dir = join(root, 'packages', name);
  const entries = entryPoints(dir);
  const perEntry = exportLines(entries.map((e) => e.file));
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const lines = [
    `# ${manifest.name}: public surface. Generated by \`pnpm api:surface\`; review each change.`,
  ];
  entries.forEach(({ subpath, file }, i) => {
    lines.push('', `## ${subpath} (${relative(dir, file)})`, ...perEntry[i]);
  });
  return `${lines.join('\n')}\n`;
}

/** Every `types` file a manifest condition names, under an `exports` target. */
function typesFiles(target) {
  if (typeof target !== 'object' || target === null) return [];
  return Object.entries(target).flatMap(([condition, value]) =>
    condition === 'types' && typeof value === 'string' ? [value] : typesFiles(value),
  );
}

/**
 * What consumers compile against: for each entry point, the lines of each built declaration file
 * (`dist/*.d.ts`, `*.d.cts`) beside the lines of its source, so that the test can hold them equal.
 */
export function builtSurfaces(name) {
  const dir = join(root, 'packages', name);
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const entries = entryPoints(dir).map((e) => ({ ...e, built: typesFiles(manifest.exports[e.subpath]) }));
  const sources = exportLines(entries.map((e) => e.file));
  const builtFiles = entries.flatMap((e) => e.built.map((file) => join(dir, file)));
  const built = exportLines(builtFiles);
  return entries.flatMap((e, i) =>
    e.built.map((file) => ({
      subpath: e.subpath,
      file,
      source: sources[i],
      built: built[builtFiles.indexOf(join(dir, file))],
    })),
  );
}

/** Every runtime file a manifest condition names under an `exports` target, with its condition. */
function runtimeFiles(target, condition = 'default') {
  if (typeof target === 'string')
    return condition === 'types' || condition === SOURCE_CONDITION ? [] : [{ condition, file: target }];
  return Object.entries(target ?? {}).flatMap(([inner, value]) =>
    runtimeFiles(value, inner === 'default' ? condition : inner),
  );
}

/**
 * For each entry point, the names its sources export as values (from the surface lines) and the
 * built runtime files (`import` / `require` / `default`) that must export exactly those names.
 */
export function runtimeEntries(name) {
  const dir = join(root, 'packages', name);
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const entries = entryPoints(dir);
  const perEntry = exportLines(entries.map((e) => e.file));
  return entries.map((e, i) => ({
    subpath: e.subpath,
    values: perEntry[i].flatMap(
      (line) => /^(?:class|function|const|enum|namespace) (\S+)$/.exec(line)?.slice(1) ?? [],
    ),
    files: runtimeFiles(manifest.exports[e.subpath]).map((f) => ({ ...f, file: join(dir, f.file) })),
  }));
}

/** Where a package's reviewed surface is kept. */
export const reportPath = (name) => join(root, 'packages', name, 'api-surface.txt');

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const name of PACKAGES) {
    writeFileSync(reportPath(name), surface(name));
    console.log(`wrote ${relative(root, reportPath(name))}`);
  }
}
