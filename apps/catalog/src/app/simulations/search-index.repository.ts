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
import { searchWords, wellFormed } from './search-terms';

/** What the search index keeps of a simulation: the words of its name, description and tags, and its tags. */
export interface IndexedFields {
  name: string;
  description: string;
  tags: readonly string[];
}

/**
 * The search index of the simulations (see the catalog migration for its design), derived from
 * their name, description and tags: the lower-cased (and well-formed, see wellFormed) tag rows,
 * the vocabulary of words and the (word, simulation) postings. SimulationsService keeps it with
 * every registration and update, in their transaction; only `addWords` and the SQLite index
 * merge run on their own. Additions are named statements (registration's measured path, see
 * catalog.statements.ts).
 */
@Injectable()
export class SearchIndexRepository {
  constructor(@InjectStoreDatabase(CATALOG_STORE) private readonly db: StoreDatabase) {}

  /**
   * Adds the words of `fields` to the vocabulary. The vocabulary only grows (see the migration),
   * so this never races with a deletion, and a word added for a registration that then fails is
   * harmless. Words go in sorted, so that two such inserts cannot deadlock.
   */
  async addWords(manager: EntityManager, fields: IndexedFields): Promise<void> {
    const words = wordsOf(fields);
    if (words.length > 0) await this.db.execute(ADD_SEARCH_WORDS, [JSON.stringify([...words].sort())], manager);
  }

  /** Indexes a new simulation (its words in the vocabulary already: addWords). */
  async add(manager: EntityManager, simulationId: number, fields: IndexedFields): Promise<void> {
    await this.insertTags(manager, simulationId, fields.tags);
    await this.addPostings(manager, simulationId, wordsOf(fields));
  }

  /** Follows a change of a simulation's description or tags (`before` → `after`). */
  async replace(manager: EntityManager, simulationId: number, before: IndexedFields, after: IndexedFields): Promise<void> {
    const tagsChanged = JSON.stringify(before.tags) !== JSON.stringify(after.tags);
    if (tagsChanged) {
      await manager.getRepository(CatalogSimulationTagEntity).delete({ simulationId });
      await this.insertTags(manager, simulationId, after.tags);
    }
    if (tagsChanged || before.description !== after.description) {
      await manager.getRepository(CatalogSearchPostingEntity).delete({ simulationId });
      await this.addWords(manager, after);
      await this.addPostings(manager, simulationId, wordsOf(after));
    }
  }

  /** The highest word id: it changes exactly when words were added. */
  async vocabularyTop(): Promise<number> {
    return this.db.run(async (manager) => (await manager.getRepository(CatalogSearchTermEntity).maximum('id')) ?? 0);
  }

  /** SQLite only: merges the FTS5 trigram index of the vocabulary into one segment (an FTS5 command, no entity). */
  async mergeTrigramIndex(): Promise<void> {
    await this.db.run((manager) => manager.query(`INSERT INTO catalog_search_terms_fts (catalog_search_terms_fts) VALUES ('optimize')`));
  }

  /** The postings of a simulation's words (added to the vocabulary before). */
  private async addPostings(manager: EntityManager, simulationId: number, words: readonly string[]): Promise<void> {
    if (words.length > 0) await this.db.execute(ADD_SEARCH_POSTINGS, [JSON.stringify(words), simulationId], manager);
  }

  /** The tag rows of a simulation: its tags lower-cased, each once. */
  private async insertTags(manager: EntityManager, simulationId: number, tags: readonly string[]): Promise<void> {
    const lowered = [...new Set(tags.map((tag) => wellFormed(tag).toLowerCase()))];
    if (lowered.length > 0) await this.db.execute(ADD_SIMULATION_TAGS, [simulationId, JSON.stringify(lowered)], manager);
  }
}

const wordsOf = (fields: IndexedFields): string[] => searchWords(fields.name, fields.description, fields.tags);
