/**
 * The order test files start in. Vitest starts the files it has timed before longest first, and
 * the others in whatever order it found them: in a clean clone (CI) the benchmark's quick run, the
 * longest file of the system project (over two minutes, mostly waiting on its scenarios' clocks),
 * started last, so the project's other worker sat idle at the end for as long. The two longest
 * files, under test/bench/ and the soak (`*.soak.test.ts`), now start first in their group;
 * everything else keeps vitest's own order.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const FIRST = /\/test\/bench\/|\.soak\.test\.ts$/;

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const group = (spec: TestSpecification) => spec.project.config.sequence.groupOrder;
    // Stable: within a group, the bench and soak files move to the front and all others keep their order.
    return sorted
      .map((spec, index) => ({ spec, index }))
      .sort(
        (a, b) =>
          group(a.spec) - group(b.spec) ||
          Number(FIRST.test(b.spec.moduleId)) - Number(FIRST.test(a.spec.moduleId)) ||
          a.index - b.index,
      )
      .map(({ spec }) => spec);
  }
}
