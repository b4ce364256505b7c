import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { HydratedDocument, Types } from 'mongoose';
import { announceCatalogWrites } from '../catalog-changes';

@Schema({ timestamps: true, collection: 'categories', strictQuery: 'throw' })
export class Category {
  _id!: Types.ObjectId;

  @Prop({ required: true, trim: true, maxlength: 60 })
  name!: string;

  /** Lower-cased name: the unique key, so names are unique ignoring case. */
  @Prop({ required: true })
  nameKey!: string;

  @Prop({ required: true })
  slug!: string;

  createdAt!: Date;
  updatedAt!: Date;
}

export type CategoryDocument = HydratedDocument<Category>;
export const CategorySchema = SchemaFactory.createForClass(Category);
/** Category writes invalidate the API's catalog cache at once. */
CategorySchema.plugin(announceCatalogWrites('categories'));
CategorySchema.index({ nameKey: 1 }, { unique: true });
CategorySchema.index({ slug: 1 }, { unique: true });
