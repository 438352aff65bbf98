import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const sandboxIndex = fileURLToPath(new URL('../src/index.ts', import.meta.url));
const sdkIndex = fileURLToPath(new URL('../../sdk/src/index.ts', import.meta.url));

/**
 * Every name (values and types) each entry point exports, as the compiler sees it. Only the
 * workspace's own files are read (no lib, no node_modules): export names need nothing else.
 */
function exportedNames(files: string[]): string[][] {
  const options: ts.CompilerOptions = {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    noLib: true,
  };
  const host = ts.createCompilerHost(options);
  const read = host.getSourceFile.bind(host);
  host.getSourceFile = (name, ...rest) => (name.includes('/node_modules/') ? undefined : read(name, ...rest));
  const program = ts.createProgram(files, options, host);
  const checker = program.getTypeChecker();
  return files.map((file) => {
    const source = program.getSourceFile(file);
    const module = source && checker.getSymbolAtLocation(source);
    return module ? checker.getExportsOfModule(module).map((symbol) => symbol.name) : [];
  });
}

describe('the public surface of the sandbox', () => {
  it('exports no name the SDK exports too, so a record type is never mistaken for the SDK one', () => {
    const [sandbox = [], sdk = []] = exportedNames([sandboxIndex, sdkIndex]);
    expect(sandbox).toContain('SandboxCredentialRecord');
    expect(sdk).toContain('CredentialExchangeRecord');
    expect(sandbox.filter((name) => sdk.includes(name))).toEqual([]);
  });
});
