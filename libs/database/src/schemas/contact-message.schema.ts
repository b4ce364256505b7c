import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { HydratedDocument, Types } from 'mongoose';

/** An admin's answer to a contact message, mailed to the sender and kept in the message's thread. */
@Schema({ _id: true, timestamps: false })
export class ContactReply {
  _id!: Types.ObjectId;

  @Prop({ required: true, maxlength: 5000 })
  message!: string;

  /** The admin who wrote it (the account may be gone later: authorName keeps who it was). */
  @Prop({ type: Types.ObjectId, ref: 'User', required: true })
  author!: Types.ObjectId;

  @Prop({ required: true })
  authorName!: string;

  @Prop({ type: Date, required: true })
  sentAt!: Date;
}
export const ContactReplySchema = SchemaFactory.createForClass(ContactReply);

/** A message sent through the contact form; admins answer it (replies) and mark it handled. */
@Schema({ timestamps: true, collection: 'contact_messages', strictQuery: 'throw' })
export class ContactMessage {
  _id!: Types.ObjectId;

  @Prop({ required: true, trim: true, maxlength: 100 })
  name!: string;

  @Prop({ required: true, lowercase: true, trim: true, maxlength: 254 })
  email!: string;

  @Prop({ required: true, trim: true, maxlength: 150 })
  subject!: string;

  @Prop({ required: true, maxlength: 5000 })
  message!: string;

  /** The signed-in sender, when there was one. */
  @Prop({ type: Types.ObjectId, ref: 'User' })
  user?: Types.ObjectId;

  @Prop({ default: false })
  handled!: boolean;

  @Prop({ type: Date })
  handledAt?: Date;

  @Prop({ type: Types.ObjectId, ref: 'User' })
  handledBy?: Types.ObjectId;

  /** The admins' answers, oldest first. */
  @Prop({ type: [ContactReplySchema], default: [] })
  replies!: ContactReply[];

  createdAt!: Date;
  updatedAt!: Date;
}

export type ContactMessageDocument = HydratedDocument<ContactMessage>;
export const ContactMessageSchema = SchemaFactory.createForClass(ContactMessage);
ContactMessageSchema.index({ handled: 1, createdAt: -1 });
ContactMessageSchema.index({ createdAt: -1 });
