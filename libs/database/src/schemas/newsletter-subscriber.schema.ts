import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { HydratedDocument, Types } from 'mongoose';

/** One e-mail address on the newsletter list. The token in the unsubscribe link identifies it. */
@Schema({ timestamps: true, collection: 'newsletter_subscribers', strictQuery: 'throw' })
export class NewsletterSubscriber {
  _id!: Types.ObjectId;

  @Prop({ required: true, lowercase: true, trim: true, maxlength: 254 })
  email!: string;

  /** Random secret of the unsubscribe link; a new one is made on each (re)subscription. */
  @Prop({ required: true })
  unsubscribeToken!: string;

  @Prop({ default: true })
  active!: boolean;

  /** When the current subscription started. */
  @Prop({ type: Date, required: true })
  subscribedAt!: Date;

  @Prop({ type: Date })
  unsubscribedAt?: Date;

  createdAt!: Date;
  updatedAt!: Date;
}

export type NewsletterSubscriberDocument = HydratedDocument<NewsletterSubscriber>;
export const NewsletterSubscriberSchema = SchemaFactory.createForClass(NewsletterSubscriber);
NewsletterSubscriberSchema.index({ email: 1 }, { unique: true });
NewsletterSubscriberSchema.index({ unsubscribeToken: 1 }, { unique: true });
NewsletterSubscriberSchema.index({ active: 1, subscribedAt: -1 });
