import { Types } from 'mongoose';
import { mayDeleteComment } from './comments.service';

describe('mayDeleteComment', () => {
  const author = new Types.ObjectId();
  const other = new Types.ObjectId();

  it('allows the author and admins, nobody else', () => {
    expect(mayDeleteComment({ user: author }, { objectId: new Types.ObjectId(author.toString()), isAdmin: false })).toBe(true);
    expect(mayDeleteComment({ user: author }, { objectId: other, isAdmin: true })).toBe(true);
    expect(mayDeleteComment({ user: author }, { objectId: other, isAdmin: false })).toBe(false);
  });
});
