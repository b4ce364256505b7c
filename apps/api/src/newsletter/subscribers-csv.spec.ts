import { Types } from 'mongoose';
import { csvCell, subscribersCsv } from './subscribers-csv';
import { NEWSLETTER_EMAIL } from './dto/newsletter.dto';

describe('newsletter helpers', () => {
  it('follows the spec rule for e-mail addresses', () => {
    expect(NEWSLETTER_EMAIL.test('ann@example.com')).toBe(true);
    expect(NEWSLETTER_EMAIL.test('ann@example')).toBe(false);
    expect(NEWSLETTER_EMAIL.test('ann example@x.co')).toBe(false);
    expect(NEWSLETTER_EMAIL.test('@x.co')).toBe(false);
  });

  it('quotes and defuses CSV cells', () => {
    expect(csvCell('plain@x.co')).toBe('plain@x.co');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=HYPERLINK("x")@a.b')).toBe(`"'=HYPERLINK(""x"")@a.b"`);
  });

  it('writes a header and one row per subscriber', () => {
    const at = new Date('2024-01-02T03:04:05.000Z');
    const csv = subscribersCsv([
      {
        _id: new Types.ObjectId(),
        email: 'a@x.co',
        unsubscribeToken: 'secret-token-a',
        active: true,
        subscribedAt: at,
        createdAt: at,
        updatedAt: at,
      },
      {
        _id: new Types.ObjectId(),
        email: 'b@x.co',
        unsubscribeToken: 'secret-token-b',
        active: false,
        subscribedAt: at,
        unsubscribedAt: at,
        createdAt: at,
        updatedAt: at,
      },
    ]);
    expect(csv).toBe(
      'email,status,subscribedAt,unsubscribedAt\r\na@x.co,subscribed,2024-01-02T03:04:05.000Z,\r\nb@x.co,unsubscribed,2024-01-02T03:04:05.000Z,2024-01-02T03:04:05.000Z\r\n',
    );
    expect(csv).not.toContain('secret-token');
  });
});
