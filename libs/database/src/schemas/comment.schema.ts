import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { HydratedDocument, Types } from 'mongoose';

/** A reader's comment on a blog post. The text is stored as plain text, never HTML. */
@Schema({ timestamps: true, collection: 'comments', strictQuery: 'throw' })
export class Comment {
  _id!: Types.ObjectId;

  @Prop({ type: Types.ObjectId, ref: 'Blog', required: true })
  blog!: Types.ObjectId;

  @Prop({ type: Types.ObjectId, ref: 'User', required: true })
  user!: Types.ObjectId;

  /** The author's username when the comment was written (kept if the account goes away). */
  @Prop({ required: true, maxlength: 50 })
  username!: string;

  @Prop({ required: true, minlength: 1, maxlength: 1000 })
  text!: string;

  createdAt!: Date;
  updatedAt!: Date;
}

export type CommentDocument = HydratedDocument<Comment>;
export const CommentSchema = SchemaFactory.createForClass(Comment);
CommentSchema.index({ blog: 1, createdAt: -1 });
