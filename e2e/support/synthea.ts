import { syntheaFixturePath } from '../../apps/server/src/features/file-imports/file-imports.synthea.test-support';

/** The repository's Synthea sample (real Synthea output, trimmed; see its SOURCE.md) and its 3.x layouts. */
export {
  providers3x,
  syntheaRows,
  type SyntheaFileName,
} from '../../apps/server/src/features/file-imports/file-imports.synthea.test-support';

/** The path of a file of the sample. */
export const syntheaPath = syntheaFixturePath;

/** A count as the pages write it ("1,171"). */
export const countText = (n: number) => n.toLocaleString('en-US');
