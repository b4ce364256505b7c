import { Module } from '@nestjs/common';
import { ContactDataModule, UsersDataModule } from '@shop/database';
import { ContactController } from './contact.controller';
import { ContactService } from './contact.service';

@Module({ imports: [ContactDataModule, UsersDataModule], controllers: [ContactController], providers: [ContactService] })
export class ContactModule {}
