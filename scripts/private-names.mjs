// Production builds give the `private` members of our classes short names, as Lit's production
// builds do with its own: a minifier keeps property names, and ours say what they hold at a length
// users pay for on every page load. The development builds (dist/development, the CDN's
// development file) and the tests run the sources as written.
//
// The TypeScript language service renames each member everywhere it is used, so the names stay
// consistent across files; the renamed sources are then type-checked, and a build whose renamed
// sources do not check stops with the errors. A class's members are named in order (`__a`,
// `__b`, ...), after those of the classes it extends, so that short names repeat across classes
// (which compresses well) and never clash along a class chain. Members with a decorator keep
// their names (Lit's decorators define properties by name), and so do members a Lit `static
// properties` names (a private reactive property or state, which Lit defines by that name too)
// and ECMAScript `#private` members, which the minifier renames already.
//
// The result depends only on the sources, the config and the TypeScript version, and is kept in
// node_modules/.cache, since one `npm run build` runs several production builds.
import {createHash} from 'node:crypto';
import {existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync} from 'node:fs';
import {join, relative, sep} from 'node:path';
import MagicString from 'magic-string';
import ts from 'typescript';

/** The folders whose classes are renamed: the package's sources. */
const FOLDERS = ['src', 'components'];
const PREFIX = '__';
const LETTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const CACHE_VERSION = 2;

/** Whether `node` (a class member or constructor parameter) is declared `private`. */
function isPrivate(node) {
  return ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some(m => m.kind === ts.SyntaxKind.PrivateKeyword);
}

function isDecorated(node) {
  return ts.canHaveDecorators(node) && (ts.getDecorators(node)?.length ?? 0) > 0;
}

/** The names the keys of a class's Lit `static properties` object (field or getter) give. */
function litPropertyNames(cls) {
  const names = new Set();
  for (const member of cls.members) {
    const isStatic = ts.canHaveModifiers(member) && (ts.getModifiers(member) ?? []).some(m => m.kind === ts.SyntaxKind.StaticKeyword);
    if (!isStatic || !member.name || !ts.isIdentifier(member.name) || member.name.text !== 'properties') continue;
    let object = ts.isPropertyDeclaration(member) ? member.initializer : undefined;
    if (ts.isGetAccessorDeclaration(member)) object = member.body?.statements.find(ts.isReturnStatement)?.expression;
    while (object && (ts.isParenthesizedExpression(object) || ts.isAsExpression(object) || ts.isSatisfiesExpression(object))) object = object.expression;
    if (!object || !ts.isObjectLiteralExpression(object)) continue;
    for (const property of object.properties) {
      if (property.name && (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name))) names.add(property.name.text);
    }
  }
  return names;
}

/** The renamable private members a class declares: its own members and its constructor's parameter properties. */
function privateMembers(cls) {
  const members = [];
  const reactive = litPropertyNames(cls);
  for (const member of cls.members) {
    if (ts.isConstructorDeclaration(member)) {
      for (const parameter of member.parameters) if (isPrivate(parameter) && ts.isIdentifier(parameter.name)) members.push(parameter);
    } else if (isPrivate(member) && member.name && ts.isIdentifier(member.name) && !isDecorated(member) && !reactive.has(member.name.text)) {
      members.push(member);
    }
  }
  return members;
}

/**
 * Renames the private members of the classes under `root`'s src/ and components/ (the program
 * of `root`'s tsconfig.json). Returns each file that changed, by absolute path: its renamed
 * text and a source map back to the text as written. Throws when the renamed sources do not
 * type-check, naming the errors.
 */
export function renamePrivateMembers(root, {useCache = true} = {}) {
  const config = ts.getParsedCommandLineOfConfigFile(join(root, 'tsconfig.json'), {incremental: false}, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: d => {
      throw new Error(`private-names: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
    },
  });
  const inFolders = file => FOLDERS.some(folder => file.startsWith(join(root, folder) + sep) || file.startsWith(`${root}/${folder}/`));
  const files = config.fileNames.filter(inFolders);
  const texts = new Map(files.map(file => [file, readFileSync(file, 'utf8')]));

  const key = createHash('sha256')
    .update(JSON.stringify([CACHE_VERSION, ts.version, config.options, readFileSync(new URL(import.meta.url), 'utf8')]))
    .update(files.map(file => `${relative(root, file)}\0${texts.get(file)}`).join('\0'))
    .digest('hex');
  const cacheFile = join(root, 'node_modules/.cache/lit-data-elements', `private-names-${key.slice(0, 16)}.json`);
  if (useCache && existsSync(cacheFile)) {
    return new Map(Object.entries(JSON.parse(readFileSync(cacheFile, 'utf8'))).map(([file, renamed]) => [join(root, file), renamed]));
  }

  const options = {...config.options, noEmit: true, incremental: false};
  const host = {
    getScriptFileNames: () => files,
    getScriptVersion: () => '1',
    getScriptSnapshot: file => {
      const text = texts.get(file) ?? (existsSync(file) ? readFileSync(file, 'utf8') : undefined);
      return text === undefined ? undefined : ts.ScriptSnapshot.fromString(text);
    },
    getCurrentDirectory: () => root,
    getCompilationSettings: () => options,
    getDefaultLibFileName: o => ts.getDefaultLibFilePath(o),
    fileExists: ts.sys.fileExists,
    readFile: ts.sys.readFile,
    readDirectory: ts.sys.readDirectory,
    directoryExists: ts.sys.directoryExists,
    getDirectories: ts.sys.getDirectories,
  };
  const service = ts.createLanguageService(host);
  const program = service.getProgram();
  const checker = program.getTypeChecker();

  // No generated name may be one the sources already use anywhere.
  const used = new Set();
  for (const text of texts.values()) for (const match of text.matchAll(/\b__[A-Za-z]+\b/g)) used.add(match[0]);
  const names = [];
  let tried = 0;
  const nameAt = slot => {
    while (names.length <= slot) {
      const i = tried++;
      const name = PREFIX + (i < LETTERS.length ? LETTERS[i] : LETTERS[Math.floor(i / LETTERS.length) - 1] + LETTERS[i % LETTERS.length]);
      if (!used.has(name)) names.push(name);
    }
    return names[slot];
  };

  /** How many names the classes a class extends (ours, up the chain) have taken. */
  const inherited = new Map();
  function takenAbove(cls) {
    if (inherited.has(cls)) return inherited.get(cls);
    let taken = 0;
    const base = cls.heritageClauses?.find(h => h.token === ts.SyntaxKind.ExtendsKeyword)?.types[0];
    if (base) {
      let symbol = checker.getSymbolAtLocation(base.expression);
      if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
      const declaration = symbol?.declarations?.find(ts.isClassLike);
      if (declaration && inFolders(declaration.getSourceFile().fileName)) taken = takenAbove(declaration) + new Set(privateMembers(declaration).map(m => m.name.text)).size;
    }
    inherited.set(cls, taken);
    return taken;
  }

  const edits = new Map();
  const renamed = new Set();
  for (const file of files) {
    const source = program.getSourceFile(file);
    const visit = node => {
      if (ts.isClassLike(node)) {
        let slot = takenAbove(node);
        const slots = new Map();
        for (const member of privateMembers(node)) {
          const symbol = checker.getSymbolAtLocation(member.name);
          if (symbol && renamed.has(symbol)) continue; // the other accessor of a get/set pair, or an overload
          if (symbol) renamed.add(symbol);
          const name = slots.get(member.name.text) ?? nameAt(slot++);
          slots.set(member.name.text, name);
          const locations = service.findRenameLocations(file, member.name.getStart(source), false, false, {providePrefixAndSuffixTextForRename: true}) ?? [];
          for (const location of locations) {
            if (!texts.has(location.fileName)) continue;
            const list = edits.get(location.fileName) ?? [];
            list.push({start: location.textSpan.start, end: location.textSpan.start + location.textSpan.length, text: `${location.prefixText ?? ''}${name}${location.suffixText ?? ''}`});
            edits.set(location.fileName, list);
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }

  const out = new Map();
  for (const [file, list] of edits) {
    const text = new MagicString(texts.get(file));
    const done = new Set();
    for (const edit of list) {
      if (done.has(edit.start)) continue;
      done.add(edit.start);
      text.overwrite(edit.start, edit.end, edit.text);
    }
    // The map leads a production build's source map back to the sources as written.
    const map = text.generateMap({source: file, includeContent: true, hires: 'boundary'});
    out.set(file, {code: text.toString(), map: JSON.parse(map.toString())});
  }
  checkRenamed(root, files, options, out);

  if (useCache) {
    try {
      mkdirSync(join(cacheFile, '..'), {recursive: true});
      const scratch = `${cacheFile}.${process.pid}`;
      writeFileSync(scratch, JSON.stringify(Object.fromEntries([...out].map(([file, renamed]) => [relative(root, file), renamed]))));
      renameSync(scratch, cacheFile);
      // One entry is enough: the sources of the next build are these or newer ones.
      for (const entry of readdirSync(join(cacheFile, '..'))) {
        if (/^private-names-\w+\.json$/.test(entry) && join(cacheFile, '..', entry) !== cacheFile) rmSync(join(cacheFile, '..', entry), {force: true});
      }
    } catch {
      // A read-only node_modules: the next build works the names out again.
    }
  }
  return out;
}

/** Type-checks the sources with the renamed texts in place; throws with the errors, if any. */
function checkRenamed(root, files, options, renamed) {
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile;
  host.readFile = file => renamed.get(file)?.code ?? readFile(file);
  const getSourceFile = host.getSourceFile;
  host.getSourceFile = (file, language, onError) => {
    const text = renamed.get(file)?.code;
    return text === undefined ? getSourceFile(file, language, onError) : ts.createSourceFile(file, text, language, true);
  };
  const program = ts.createProgram(files, options, host);
  const errors = [...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics()];
  for (const file of files) {
    const source = program.getSourceFile(file);
    errors.push(...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source));
  }
  const failures = errors.filter(d => d.category === ts.DiagnosticCategory.Error);
  if (failures.length === 0) return;
  const lines = failures.slice(0, 10).map(d => {
    const where = d.file ? `${relative(root, d.file.fileName)}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}: ` : '';
    return `  ${where}${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`;
  });
  throw new Error(`private-names: the sources with their private members renamed do not type-check (${failures.length} error(s)):\n${lines.join('\n')}`);
}
