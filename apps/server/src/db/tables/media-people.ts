/* The `media_people` table, made by migration 0003-catalog. */

export interface MediaPeopleTable {
  media_id: number;
  person_id: number;
  role: string;
  position: number;
}
