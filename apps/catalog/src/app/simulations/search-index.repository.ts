import { Injectable } from '@nestjs/common';
import {
  CATALOG_STORE,
  CatalogSearchPostingEntity,
  CatalogSearchTermEntity,
  CatalogSimulationTagEntity,
  InjectStoreDatabase,
  StoreDatabase,
} from '@simsvc/persistence';
import { createHash } from 'node:crypto';
import { EntityManager } from 'typeorm';

/**
 * The search index of the simulations (see the catalog migration for its design): the lower-cased
 * tag rows, the vocabulary of words and the (word, simulation) postings. Every method but
 * `addWords` and the SQLite index merge runs in the registration's or update's transaction.
 */
@Injectable()
export class SearchIndexRepository {
  constructor(@InjectStoreDatabase(CATALOG_STORE) private readonly db: StoreDatabase) {}

  /**
   * Adds words to the vocabulary. The vocabulary only grows (see the migration), so this never
   * races with a deletion, and a word added for a registration that then fails is harmless.
   * Words go in sorted, so that two such inserts cannot deadlock.
   */
  async addWords(words: readonly string[], manager?: EntityManager): Promise<void> {
    if (words.length === 0) return;
    const add = (m: EntityManager) =>
      m
        .createQueryBuilder()
        .insert()
        .into(CatalogSearchTermEntity)
        .values([...words].sort().map((term) => ({ term })))
        .orIgnore()
        .updateEntity(false)
        .execute();
    await (manager ? add(manager) : this.db.run(add));
  }

  /** The postings of a simulation's words (added to the vocabulary before). */
  async addPostings(manager: EntityManager, simulationId: number, words: readonly string[]): Promise<void> {
    if (words.length === 0) return;
    const terms = manager.getRepository(CatalogSearchTermEntity).createQueryBuilder('v').select('v.id', 'id');
    // PostgreSQL keeps words unique by md5(term) (a B-tree entry of a long word would exceed the
    // page limit), so that index finds them; SQLite's UNIQUE (term) does directly.
    if (this.db.backend === 'postgresql') {
      terms.where('md5(v.term) IN (:...hashes)', { hashes: words.map(md5) }).andWhere('v.term IN (:...words)', { words });
    } else {
      terms.where('v.term IN (:...words)', { words });
    }
    const ids = await terms.getRawMany<{ id: number }>();
    if (ids.length === 0) return;
    await manager
      .createQueryBuilder()
      .insert()
      .into(CatalogSearchPostingEntity)
      .values(ids.map(({ id }) => ({ termId: id, simulationId })))
      .execute();
  }

  async removePostings(manager: EntityManager, simulationId: number): Promise<void> {
    await manager.getRepository(CatalogSearchPostingEntity).delete({ simulationId });
  }

  /** The tag rows of a simulation: its tags lower-cased, each once. */
  async insertTags(manager: EntityManager, simulationId: number, tags: readonly string[]): Promise<void> {
    const lowered = [...new Set(tags.map((tag) => tag.toLowerCase()))];
    if (lowered.length === 0) return;
    await manager.getRepository(CatalogSimulationTagEntity).insert(lowered.map((tag) => ({ simulationId, tag })));
  }

  async removeTags(manager: EntityManager, simulationId: number): Promise<void> {
    await manager.getRepository(CatalogSimulationTagEntity).delete({ simulationId });
  }

  /** The highest word id: it changes exactly when words were added. */
  async vocabularyTop(): Promise<number> {
    return this.db.run(async (manager) => (await manager.getRepository(CatalogSearchTermEntity).maximum('id')) ?? 0);
  }

  /** SQLite only: merges the FTS5 trigram index of the vocabulary into one segment (an FTS5 command, no entity). */
  async mergeTrigramIndex(): Promise<void> {
    await this.db.run((manager) => manager.query(`INSERT INTO catalog_search_terms_fts (catalog_search_terms_fts) VALUES ('optimize')`));
  }
}

const md5 = (word: string): string => createHash('md5').update(word, 'utf8').digest('hex');
