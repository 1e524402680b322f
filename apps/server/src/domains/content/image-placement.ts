import type { Db } from '../../db/database';
import { writeTransaction } from '../../db/write-transaction';
import { contentImagesRepository, placedImageLock } from './content-images';
import { contentRepository } from './content-repository';

/** What a deletion of an image came to. */
export type ImageDeletion =
  | { state: 'deleted' }
  | { state: 'missing' }
  /** Refused: these pages have a revision (or a draft) that places it. */
  | { state: 'placed'; pageIds: string[] };

/**
 * Deleting an image no content places (docs/content.md, "Images"): every revision is kept to be
 * restored, so an image any of them places (published, earlier, or a draft) stays. Under the
 * image's lock, which a draft's save placing it holds too: either the save comes first and the
 * deletion finds its draft, or the deletion comes first and the save finds no image.
 */
export function imagePlacement(db: Db) {
  return {
    deleteUnplaced: (imageId: number): Promise<ImageDeletion> =>
      writeTransaction(
        db,
        async (trx) => {
          const images = contentImagesRepository(trx);
          if ((await images.existing([imageId])).size === 0) return { state: 'missing' };
          const pageIds = await contentRepository(trx).pagesPlacing(imageId);
          if (pageIds.length > 0) return { state: 'placed', pageIds };
          await images.delete(imageId);
          return { state: 'deleted' };
        },
        [placedImageLock(imageId)],
      ),
  };
}
