import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Store-wide values shared by every service using the store, e.g. the generated signing secret. */
@Entity('auth_settings')
export class AuthSettingEntity {
  @PrimaryColumn({ type: 'text' }) name!: string;
  @Column({ type: 'text' }) value!: string;
}
