import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { Types } from 'mongoose';

/**
 * A deleted product, remembered so that every API instance's search index forgets it: the index follows the
 * catalogue by `updatedAt`, which a deleted document no longer has. Written before the product is deleted.
 */
@Schema({ collection: 'product_tombstones', versionKey: false })
export class ProductTombstone {
  @Prop({ type: Types.ObjectId, required: true })
  _id!: Types.ObjectId;

  @Prop({ type: Date, required: true })
  deletedAt!: Date;
}
export const ProductTombstoneSchema = SchemaFactory.createForClass(ProductTombstone);
ProductTombstoneSchema.index({ deletedAt: 1 });

/** The shop's search settings, one document (`_id: 'search'`): the synonym groups the owner edits in the console. */
@Schema({ collection: 'search_settings', versionKey: false })
export class SearchSettings {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: [[String]], default: [] })
  synonyms!: string[][];

  @Prop({ type: Date, required: true })
  updatedAt!: Date;
}
export const SearchSettingsSchema = SchemaFactory.createForClass(SearchSettings);

/** A search text that found nothing, counted: the console lists the most frequent ones. */
@Schema({ collection: 'search_misses', versionKey: false })
export class SearchMiss {
  /** The query as the search reads it (lower case, single spaces). */
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: Number, required: true, default: 0 })
  count!: number;

  @Prop({ type: Date, required: true })
  lastSearchedAt!: Date;
}
export const SearchMissSchema = SchemaFactory.createForClass(SearchMiss);
SearchMissSchema.index({ count: -1 });
