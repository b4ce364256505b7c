import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { HydratedDocument, Types } from 'mongoose';

@Schema({ timestamps: true, collection: 'blogs', strictQuery: 'throw' })
export class Blog {
  _id!: Types.ObjectId;

  @Prop({ required: true, trim: true, maxlength: 160 })
  title!: string;

  @Prop({ required: true })
  slug!: string;

  @Prop({ default: '', maxlength: 400 })
  excerpt!: string;

  /** Markdown source. */
  @Prop({ required: true })
  body!: string;

  /** Sanitised HTML rendered from body on the server. */
  @Prop({ required: true })
  bodyHtml!: string;

  @Prop({ type: String })
  coverImage?: string;

  @Prop({ type: [String], default: [] })
  tags!: string[];

  @Prop({ type: Types.ObjectId, ref: 'User' })
  author?: Types.ObjectId;

  @Prop({ default: false })
  published!: boolean;

  @Prop({ type: Date })
  publishedAt?: Date;

  @Prop({ type: [{ type: Types.ObjectId, ref: 'User' }], default: [] })
  likes!: Types.ObjectId[];

  createdAt!: Date;
  updatedAt!: Date;
}

export type BlogDocument = HydratedDocument<Blog>;
export const BlogSchema = SchemaFactory.createForClass(Blog);
BlogSchema.index({ slug: 1 }, { unique: true });
BlogSchema.index({ published: 1, publishedAt: -1 });
