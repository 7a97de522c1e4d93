/**
 * README.md and docs/*.md render as written on GitHub: every heading is a heading (a `#` line right
 * after a paragraph or an HTML block such as `</table>` shows as literal text there), every internal
 * link lands (`#anchor` by GitHub's slug rules, relative files that exist, anchors in other pages),
 * and every picture has alt text. No Markdown parser is a dependency, so this is a small checker of
 * exactly those rules; its own cases below prove it catches each fault.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(new URL('../..', import.meta.url).pathname);

/** One line of a page outside fenced code, with its 1-based number. */
interface Line {
  n: number;
  text: string;
}

/**
 * The page's lines with fenced code blocks blanked (a `#` there is a shell comment, a `](` is code),
 * so line numbers stay those of the file.
 */
function proseLines(markdown: string): Line[] {
  const lines = markdown.split(/\r?\n/);
  let fence: { char: string; length: number } | undefined;
  return lines.map((text, i) => {
    const marker = /^\s*(`{3,}|~{3,})/.exec(text)?.[1];
    if (fence) {
      // A closing fence is the same character, at least as long, and nothing after it.
      if (marker?.[0] === fence.char && marker.length >= fence.length && text.trim() === marker)
        fence = undefined;
      return { n: i + 1, text: '' };
    }
    if (marker) {
      fence = { char: marker[0] as string, length: marker.length };
      return { n: i + 1, text: '' };
    }
    return { n: i + 1, text };
  });
}

/** Inline code spans removed (a run of N backticks closes only with N backticks). */
function withoutCode(text: string): string {
  return text.replace(/(`+)(?!`)[\s\S]*?(?<!`)\1(?!`)/g, ' ');
}

const ATX = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;

/**
 * GitHub's anchor for a heading (github-slugger): the rendered text lowercased, every character that
 * is not a letter, mark, number, connector (`_`), hyphen or space dropped, spaces turned to hyphens;
 * a repeated slug gets `-1`, `-2`… in order.
 */
function slugOf(heading: string): string {
  const rendered = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1') // links and images: their text
    .replace(/<[^>]+>/g, '') // inline HTML tags
    .replace(/(`+)(?!`)([\s\S]*?)(?<!`)\1(?!`)/g, (_, _ticks: string, code: string) => code.trim())
    .replace(/(\*{1,3})(\S(?:.*?\S)?)\1/g, '$2') // *emphasis*, **strong**
    .replace(/(^|[^\p{L}\p{N}])_{1,3}([^_]+?)_{1,3}(?![\p{L}\p{N}])/gu, '$1$2'); // _emphasis_
  return rendered
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
    .replace(/ /g, '-');
}

/** Every anchor a page offers: its headings' slugs (duplicates numbered) and explicit `id`/`name`s. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const { text } of proseLines(markdown)) {
    const heading = ATX.exec(text);
    if (heading) {
      const slug = slugOf(heading[2] ?? '');
      const count = seen.get(slug) ?? 0;
      seen.set(slug, count + 1);
      anchors.add(count === 0 ? slug : `${slug}-${count}`);
    }
    for (const m of text.matchAll(/<a\s[^>]*\b(?:id|name)="([^"]+)"/gi)) anchors.add(m[1] as string);
  }
  return anchors;
}

/** A problem found in a page: where, and one sentence. */
interface Problem {
  file: string;
  line: number;
  problem: string;
}

/** Every link target on a line: Markdown `](target)`, reference definitions, HTML href/src. */
function targetsOf(text: string): string[] {
  const prose = withoutCode(text);
  const targets: string[] = [];
  for (const m of prose.matchAll(/\]\(\s*(?:<([^>]*)>|([^)\s]*))(?:\s+(?:"[^"]*"|'[^']*'|\([^)]*\)))?\s*\)/g))
    targets.push((m[1] ?? m[2]) as string);
  const definition = /^ {0,3}\[[^\]]+\]:\s*<?([^\s>]+)>?/.exec(prose);
  if (definition) targets.push(definition[1] as string);
  for (const m of prose.matchAll(/<(?:a|img|source)\s[^>]*\b(?:href|src|srcset)="([^"]*)"/gi))
    targets.push(m[1] as string);
  return targets;
}

/** Every picture on a line with no alt text: `![](x)`, or an `<img>` without a non-empty `alt`. */
function picturesWithoutAlt(text: string): string[] {
  const prose = withoutCode(text);
  const bare: string[] = [];
  for (const m of prose.matchAll(/!\[([^\]]*)\]\(([^)]*)\)/g)) if (!m[1]?.trim()) bare.push(m[2] as string);
  for (const m of prose.matchAll(/<img\b[^>]*>/gi)) {
    const alt = /\balt\s*=\s*"([^"]*)"/i.exec(m[0])?.[1];
    if (!alt?.trim()) bare.push(/\bsrc="([^"]*)"/i.exec(m[0])?.[1] ?? m[0]);
  }
  return bare;
}

/**
 * Checks one page (`file` relative to `root`, its text `markdown`): headings, links and pictures.
 * `read` gives another page's text for anchors into it (undefined when it does not exist).
 */
function lintPage(
  root: string,
  file: string,
  markdown: string,
  read: (path: string) => string | undefined = (path) =>
    existsSync(join(root, path)) ? readFileSync(join(root, path), 'utf8') : undefined,
): Problem[] {
  const problems: Problem[] = [];
  const lines = proseLines(markdown);
  const own = anchorsOf(markdown);
  const say = (line: number, problem: string) => problems.push({ file, line, problem });

  lines.forEach(({ n, text }, i) => {
    // A heading after a non-blank line: after an HTML block it is literal text on GitHub, and after
    // a paragraph it reads as part of it to anyone editing; one rule for both.
    if (ATX.test(text) && i > 0 && (lines[i - 1] as Line).text.trim() !== '' && !isFenceEnd(markdown, i - 1))
      say(n, `the heading "${text.trim()}" needs a blank line before it, or it renders as text`);

    for (const target of targetsOf(text)) {
      if (target === '' || /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) continue;
      const [path = '', anchor] = target.split('#', 2) as [string, string | undefined];
      const decoded = decodeURIComponent(anchor ?? '');
      if (path === '') {
        if (!own.has(decoded)) say(n, `the link "${target}" names no heading of this page`);
        continue;
      }
      const pathOnly = decodeURI(path.split('?')[0] as string);
      const to = relative(root, resolve(root, dirname(file), pathOnly));
      if (to.startsWith('..')) {
        say(n, `the link "${target}" leaves the repository`);
        continue;
      }
      const page = read(to);
      if (page === undefined && !existsSync(join(root, to))) {
        say(n, `the link "${target}" names a file that does not exist (${to})`);
        continue;
      }
      if (anchor !== undefined && to.endsWith('.md') && !anchorsOf(page ?? '').has(decoded))
        say(n, `the link "${target}" names no heading of ${to}`);
    }

    for (const picture of picturesWithoutAlt(text)) say(n, `the picture "${picture}" has no alt text`);
  });
  return problems;
}

/** Whether line `index` (0-based) of the file closes a fenced block (a heading may follow it directly). */
function isFenceEnd(markdown: string, index: number): boolean {
  const raw = markdown.split(/\r?\n/)[index] ?? '';
  return /^\s*(`{3,}|~{3,})\s*$/.test(raw);
}

/** README.md and every page under docs/, relative to the repository root. */
function pages(): string[] {
  const docs = readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`);
  return ['README.md', ...docs.sort()];
}

describe('README.md and docs/*.md render as written', () => {
  it.each(pages())('%s: headings render, internal links land, pictures have alt text', (file) => {
    const problems = lintPage(ROOT, file, readFileSync(join(ROOT, file), 'utf8'));
    expect(problems.map((p) => `${p.file}:${p.line}: ${p.problem}`)).toEqual([]);
  });
});

describe('the Markdown checker', () => {
  const check = (markdown: string, others: Record<string, string> = {}) =>
    lintPage(ROOT, 'docs/page.md', markdown, (path) => others[path]).map((p) => `${p.line}: ${p.problem}`);

  it('takes anchors by GitHub slug rules', () => {
    expect(slugOf('The monthly allowance')).toBe('the-monthly-allowance');
    expect(slugOf('Run it for many communities (hosted mode)')).toBe(
      'run-it-for-many-communities-hosted-mode',
    );
    expect(slugOf('`npm run try`: the REPL')).toBe('npm-run-try-the-repl');
    expect(slugOf('Why are staff shown as ids?')).toBe('why-are-staff-shown-as-ids');
    expect(slugOf('How long do 100 requests a month last?')).toBe('how-long-do-100-requests-a-month-last');
    expect(slugOf('**Quick** start — `API_LIMITS`')).toBe('quick-start--api_limits');
    expect(slugOf('Häufige Fragen & _more_')).toBe('häufige-fragen--more');
    expect([...anchorsOf('# A\n\n## Notes\n\n## Notes\n\n<a id="here"></a>')]).toEqual([
      'a',
      'notes',
      'notes-1',
      'here',
    ]);
  });

  it('finds a heading straight after an HTML block or a paragraph, not one after a blank line or a fence', () => {
    expect(check('<table>\n<tr><td>x</td></tr>\n</table>\n## Reports\n')).toEqual([
      '4: the heading "## Reports" needs a blank line before it, or it renders as text',
    ]);
    expect(check('Some text.\n### Next\n')).toHaveLength(1);
    expect(
      check('# Title\n\n<table></table>\n\n## Reports\n\n```sh\n# a comment\n```\n## After code\n'),
    ).toEqual([]);
    expect(check('#hashtag is not a heading\n#1 neither\n')).toEqual([]);
  });

  it('finds links to headings, files and other pages that are not there', () => {
    const other = {
      'docs/other.md': '# Other\n\n## Present\n',
      'README.md': '# Rollcall\n\n## Quick start\n',
    };
    expect(
      check(
        '# Page\n\n## Here\n\n[ok](#here) [ok](other.md#present) [ok](../README.md#quick-start) [ok](https://example.com/#x)\n' +
          '[gone](#nowhere) [gone](other.md#absent) [gone](missing.md) [gone](../README.md#settings)\n' +
          '<a href="#also-gone">x</a> `[code](#not-a-link)`\n',
        other,
      ),
    ).toEqual([
      '6: the link "#nowhere" names no heading of this page',
      '6: the link "other.md#absent" names no heading of docs/other.md',
      '6: the link "missing.md" names a file that does not exist (docs/missing.md)',
      '6: the link "../README.md#settings" names no heading of README.md',
      '7: the link "#also-gone" names no heading of this page',
    ]);
  });

  it('finds pictures without alt text, in Markdown and in HTML', () => {
    expect(
      check(
        '# P\n\n![](images/loa.png)\n![A list](images/loa.png)\n<img src="images/loa.png">\n<img src="images/loa.png" alt=" ">\n<img alt="ok" src="images/loa.png">\n',
      ).filter((p) => p.includes('alt text')),
    ).toEqual([
      '3: the picture "images/loa.png" has no alt text',
      '5: the picture "images/loa.png" has no alt text',
      '6: the picture "images/loa.png" has no alt text',
    ]);
  });
});
