import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { RegisterDto } from './register.dto';

/** POST /api/users/distributor/register: a customer's fields plus the store name. */
export class DistributorRegisterDto extends RegisterDto {
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsString({ message: 'Please fill all fields' })
  @IsNotEmpty({ message: 'Please fill all fields' })
  @MaxLength(80, { message: 'Store name must have at most 80 characters' })
  storeName!: string;
}
