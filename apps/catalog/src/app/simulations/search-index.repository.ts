import { Injectable } from '@nestjs/common';
import {
  CATALOG_STORE,
  CatalogSearchPostingEntity,
  CatalogSearchTermEntity,
  CatalogSimulationTagEntity,
  InjectStoreDatabase,
  StoreDatabase,
} from '@simsvc/persistence';
import { EntityManager } from 'typeorm';
import { ADD_SEARCH_POSTINGS, ADD_SEARCH_WORDS, ADD_SIMULATION_TAGS } from '../catalog.statements';
import { wellFormed } from './search-terms';

/**
 * The search index of the simulations (see the catalog migration for its design): the lower-cased
 * (and well-formed, see wellFormed) tag rows, the vocabulary of words and the (word, simulation) postings. Every method but
 * `addWords` and the SQLite index merge runs in the registration's or update's transaction.
 * Additions are named statements (registration's measured path, see catalog.statements.ts).
 */
@Injectable()
export class SearchIndexRepository {
  constructor(@InjectStoreDatabase(CATALOG_STORE) private readonly db: StoreDatabase) {}

  /**
   * Adds words to the vocabulary. The vocabulary only grows (see the migration), so this never
   * races with a deletion, and a word added for a registration that then fails is harmless.
   * Words go in sorted, so that two such inserts cannot deadlock.
   */
  async addWords(manager: EntityManager, words: readonly string[]): Promise<void> {
    if (words.length > 0) await this.db.execute(ADD_SEARCH_WORDS, [JSON.stringify([...words].sort())], manager);
  }

  /** The postings of a simulation's words (added to the vocabulary before). */
  async addPostings(manager: EntityManager, simulationId: number, words: readonly string[]): Promise<void> {
    if (words.length > 0) await this.db.execute(ADD_SEARCH_POSTINGS, [JSON.stringify(words), simulationId], manager);
  }

  async removePostings(manager: EntityManager, simulationId: number): Promise<void> {
    await manager.getRepository(CatalogSearchPostingEntity).delete({ simulationId });
  }

  /** The tag rows of a simulation: its tags lower-cased, each once. */
  async insertTags(manager: EntityManager, simulationId: number, tags: readonly string[]): Promise<void> {
    const lowered = [...new Set(tags.map((tag) => wellFormed(tag).toLowerCase()))];
    if (lowered.length > 0) await this.db.execute(ADD_SIMULATION_TAGS, [simulationId, JSON.stringify(lowered)], manager);
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
