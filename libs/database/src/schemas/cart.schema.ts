import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { HydratedDocument, Types } from 'mongoose';

@Schema({ _id: false })
export class CartItem {
  @Prop({ type: Types.ObjectId, ref: 'Product', required: true })
  product!: Types.ObjectId;

  /** The chosen variant of a product that has variants. */
  @Prop({ type: String })
  variantSku?: string;

  @Prop({ required: true, min: 1, max: 99 })
  quantity!: number;
}
export const CartItemSchema = SchemaFactory.createForClass(CartItem);

/** One server-side cart per user. Prices are never stored here: they are read from the catalog. */
@Schema({ timestamps: true, collection: 'carts', strictQuery: 'throw' })
export class Cart {
  _id!: Types.ObjectId;

  @Prop({ type: Types.ObjectId, ref: 'User', required: true })
  user!: Types.ObjectId;

  @Prop({ type: [CartItemSchema], default: [] })
  items!: CartItem[];

  createdAt!: Date;
  updatedAt!: Date;
}

export type CartDocument = HydratedDocument<Cart>;
export const CartSchema = SchemaFactory.createForClass(Cart);
CartSchema.index({ user: 1 }, { unique: true });
