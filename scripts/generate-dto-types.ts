/**
 * Writes web/generated/dtos.ts: the server's DTO types that pages receive as the queries shape
 * them (the same objects /api answers with), so the browser code types its props with the
 * server's own declarations instead of copies. web/ never imports src/ (lint), and a DTO belongs
 * beside its query, so the declarations are copied here by the TypeScript compiler, each with
 * its doc comment and every project type it names (followed through imports, across modules).
 * Run by `npm run generate`; `--check` fails when the file is out of date.
 *
 * What is copied: the types listed in `dtoSources`, and what they reference. Interfaces and
 * type aliases are copied as written; an alias that names a value (`(typeof SORTS)[number]`)
 * is written out as the type it resolves to. A reference the browser cannot have (a package's
 * type), an enum or class, a renamed import, or two different types of one name stop the
 * generator with a message naming the declaration.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import ts from 'typescript';
import { runGenerator } from './generated-file.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const dtoTypesFile = path.join(root, 'web/generated/dtos.ts');

/** A module of the server and the types of it that pages use. */
export interface DtoSource {
  /** Relative to the repository root. */
  module: string;
  types: readonly string[];
}

/** The DTOs pages receive as they are. A page needing another one: add its name here. */
export const dtoSources: readonly DtoSource[] = [
  {
    module: 'src/queries/articles.ts',
    types: ['ArticleSummaryDto', 'ArticleDto', 'AdminArticleListItemDto', 'PageMeta'],
  },
  { module: 'src/queries/gear.ts', types: ['GearTypeCountDto', 'GearItemDto'] },
  { module: 'src/queries/pros.ts', types: ['ProSummaryDto', 'ProDto'] },
  { module: 'src/queries/replays.ts', types: ['SessionReplayDto'] },
  { module: 'src/queries/racing/sessions.ts', types: ['IngestedSessionDto'] },
  { module: 'src/queries/racing/slot-predictions.ts', types: ['SlotPredictionDto'] },
  {
    module: 'src/queries/teams.ts',
    types: ['TeamSort', 'TeamSummaryDto', 'TeamDto', 'TeamEventResultDto'],
  },
  { module: 'src/queries/recruitment.ts', types: ['BoardSort', 'TeamRecruitmentDto'] },
  { module: 'src/queries/recruitment-stats.ts', types: ['ProfileStatsDto'] },
  { module: 'src/queries/setups.ts', types: ['SetupSort', 'SetupDto', 'SetupOption'] },
  {
    module: 'src/events/recruitment.ts',
    types: ['RecruitmentCategory', 'Weekday', 'RaceFormat', 'RequiredLicence'],
  },
];

type Declaration = ts.InterfaceDeclaration | ts.TypeAliasDeclaration;

interface Found {
  declaration: Declaration;
  file: string;
  name: string;
}

function compilerOptions(rootDir: string): ts.CompilerOptions {
  const configFile = path.join(rootDir, 'tsconfig.json');
  const read = ts.readConfigFile(configFile, (f) => ts.sys.readFile(f));
  if (read.error) throw new Error(ts.flattenDiagnosticMessageText(read.error.messageText, '\n'));
  const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, rootDir);
  return { ...parsed.options, noEmit: true, types: [] };
}

const where = (node: ts.Node, rootDir: string) => {
  const file = node.getSourceFile();
  const { line } = file.getLineAndCharacterOfPosition(node.getStart());
  return `${path.relative(rootDir, file.fileName)}:${line + 1}`;
};

/**
 * The generated source for `sources` (modules relative to `rootDir`, whose tsconfig.json
 * resolves their imports), formatted by this repository's Prettier settings. Throws on what
 * it cannot copy faithfully.
 */
export async function dtoTypesSource(
  sources: readonly DtoSource[] = dtoSources,
  rootDir: string = root,
): Promise<string> {
  const program = ts.createProgram(
    sources.map((s) => path.join(rootDir, s.module)),
    compilerOptions(rootDir),
  );
  const checker = program.getTypeChecker();
  const projectFile = (file: ts.SourceFile) =>
    !program.isSourceFileDefaultLibrary(file) &&
    !file.fileName.includes('/node_modules/') &&
    path.resolve(file.fileName).startsWith(rootDir + path.sep);

  const found = new Map<Declaration, Found>();
  const byName = new Map<string, Found>();
  const queue: Declaration[] = [];

  const declarationOf = (symbol: ts.Symbol, at: string): Declaration | null => {
    const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
    if (target.flags & ts.SymbolFlags.TypeParameter) return null;
    const decls = target.declarations ?? [];
    const file = decls[0]?.getSourceFile();
    if (!file || !projectFile(file)) {
      if (file && program.isSourceFileDefaultLibrary(file)) return null;
      throw new Error(`${at}: names \`${symbol.name}\`, which is not a type of this project`);
    }
    const decl = decls.find(
      (d): d is Declaration => ts.isInterfaceDeclaration(d) || ts.isTypeAliasDeclaration(d),
    );
    if (!decl || decls.length > 1) {
      throw new Error(
        `${at}: \`${target.name}\` must be declared once, as an interface or a type alias`,
      );
    }
    return decl;
  };

  const add = (decl: Declaration) => {
    if (found.has(decl)) return;
    const name = decl.name.text;
    const entry: Found = { declaration: decl, file: decl.getSourceFile().fileName, name };
    const other = byName.get(name);
    if (other) {
      throw new Error(
        `two types named \`${name}\`: ${where(other.declaration, rootDir)} and ${where(decl, rootDir)}`,
      );
    }
    found.set(decl, entry);
    byName.set(name, entry);
    queue.push(decl);
  };

  for (const source of sources) {
    const file = program.getSourceFile(path.join(rootDir, source.module));
    const moduleSymbol = file && checker.getSymbolAtLocation(file);
    if (!moduleSymbol) throw new Error(`${source.module}: no such module`);
    const exports = checker.getExportsOfModule(moduleSymbol);
    for (const name of source.types) {
      const symbol = exports.find((e) => e.name === name);
      if (!symbol) throw new Error(`${source.module} exports no \`${name}\``);
      const decl = declarationOf(symbol, source.module);
      if (decl) add(decl);
    }
  }

  /** Whether the alias names a value (`typeof X`), so its text cannot be copied. */
  const namesValue = (decl: Declaration) => {
    let seen = false;
    const visit = (node: ts.Node) => {
      if (ts.isTypeQueryNode(node)) seen = true;
      else ts.forEachChild(node, visit);
    };
    visit(decl);
    return seen;
  };

  const resolved = new Set<Declaration>();
  while (queue.length > 0) {
    const decl = queue.shift()!;
    if (namesValue(decl)) {
      if (!ts.isTypeAliasDeclaration(decl) || decl.typeParameters) {
        throw new Error(
          `${where(decl, rootDir)}: \`typeof\` is copied only in a plain type alias; declare \`${decl.name.text}\` as one`,
        );
      }
      resolved.add(decl);
      continue;
    }
    const visit = (node: ts.Node) => {
      const name = ts.isTypeReferenceNode(node)
        ? node.typeName
        : ts.isExpressionWithTypeArguments(node)
          ? node.expression
          : null;
      if (name) {
        if (!ts.isIdentifier(name)) {
          throw new Error(`${where(node, rootDir)}: a qualified type name cannot be copied`);
        }
        const symbol = checker.getSymbolAtLocation(name);
        if (!symbol) throw new Error(`${where(node, rootDir)}: \`${name.text}\` does not resolve`);
        const target = declarationOf(symbol, where(node, rootDir));
        if (target) {
          if (target.name.text !== name.text) {
            throw new Error(
              `${where(node, rootDir)}: \`${name.text}\` is \`${target.name.text}\` renamed; import it under its own name`,
            );
          }
          add(target);
        }
      }
      ts.forEachChild(node, visit);
    };
    ts.forEachChild(decl, visit);
  }

  const text = (decl: Declaration) => {
    const file = decl.getSourceFile();
    // Its doc comment: a /** */ right above it (a blank line before it parts a module's).
    const doc = (ts.getLeadingCommentRanges(file.text, decl.getFullStart()) ?? [])
      .filter((r) => file.text.startsWith('/**', r.pos))
      .at(-1);
    const docs =
      doc && !/\n\s*\n/.test(file.text.slice(doc.end, decl.getStart(file)))
        ? [file.text.slice(doc.pos, doc.end)]
        : [];
    const exported = decl.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    let body: string;
    if (resolved.has(decl)) {
      const type = checker.getTypeAtLocation(decl.name);
      const written = checker.typeToString(
        type,
        undefined,
        ts.TypeFormatFlags.NoTruncation |
          ts.TypeFormatFlags.InTypeAlias |
          ts.TypeFormatFlags.UseSingleQuotesForStringLiteralType,
      );
      body = `export type ${decl.name.text} = ${written};`;
    } else {
      body = `${exported ? '' : 'export '}${decl.getText(file)}`;
    }
    return [...docs, body].join('\n');
  };

  const files = [...new Set([...found.values()].map((f) => f.file))].sort();
  const sections = files.map((file) => {
    const decls = [...found.values()]
      .filter((f) => f.file === file)
      .sort((a, b) => a.declaration.getStart() - b.declaration.getStart());
    return `// ${path.relative(rootDir, file)}\n\n${decls.map((f) => text(f.declaration)).join('\n\n')}`;
  });

  const source = `// Generated by scripts/generate-dto-types.ts from the server's DTOs. Do not edit: run \`npm run generate\`.

${sections.join('\n\n')}
`;
  const options = await prettier.resolveConfig(path.join(root, 'package.json'));
  return prettier.format(source, { ...options, parser: 'typescript' });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await runGenerator(dtoTypesFile, () => dtoTypesSource());
}
