import { JOB_NAMES, type MailJobName } from '@shop/jobs';
import { MAIL_TEMPLATES, renderMail } from './templates';

const ctx = { publicUrl: 'https://shop.example', shopName: 'Threadline' };

describe('mail templates', () => {
  it('has an HTML and a text template for every mail job', () => {
    const mailJobs = JOB_NAMES.filter((n): n is MailJobName => n.startsWith('mail.'));
    expect(Object.keys(MAIL_TEMPLATES).sort()).toEqual([...mailJobs].sort());
  });

  it('builds reset links from PUBLIC_URL and escapes user text in HTML', () => {
    const mail = renderMail('mail.password-reset', { to: 'a@b.co', username: '<script>x</script>', token: 'tok123' }, ctx);
    expect(mail.text).toContain('https://shop.example/reset-password/tok123');
    expect(mail.html).toContain('https://shop.example/reset-password/tok123');
    expect(mail.html).not.toContain('<script>x</script>');
    expect(mail.html).toContain('&lt;script&gt;');
    expect(mail.to).toBe('a@b.co');
  });

  it('names an order by its number and links its own page (a job queued before numbers names it by its id)', () => {
    const id = '6b0a537e10476ad77df4ff87';
    const confirmed = renderMail('mail.order-confirmation', { to: 'a@b.co', username: 'ann', orderId: id, orderNumber: '7DF4FF87' }, ctx);
    expect(confirmed.subject).toBe('Order #7DF4FF87 confirmed');
    expect(confirmed.text).toContain('Your order #7DF4FF87 is confirmed');
    expect(confirmed.text).toContain(`https://shop.example/order/${id}`);
    const shipped = renderMail('mail.order-status', { to: 'a@b.co', username: 'ann', orderId: id, orderNumber: '7DF4FF87', status: 'shipped' }, ctx);
    expect(shipped.subject).toBe('Order #7DF4FF87 is shipped');
    expect(renderMail('mail.order-status', { to: 'a@b.co', username: 'ann', orderId: id, status: 'shipped' }, ctx).subject).toBe(`Order ${id} is shipped`);
  });

  it("lists an order's lines with the picture of the colour bought, made absolute with PUBLIC_URL", () => {
    const items = [
      { name: 'Running Trainers', quantity: 2, size: '42', colour: 'Black', image: '/api/images/aaaaaaaaaaaaaaaaaaaaaaaa' },
      { name: 'Cap <b>', quantity: 1, image: 'https://cdn.example/cap.webp' },
    ];
    const mail = renderMail('mail.order-confirmation', { to: 'a@b.co', username: 'ann', orderId: 'o1', orderNumber: '7DF4FF87', items }, ctx);
    expect(mail.html).toContain('<img src="https://shop.example/api/images/aaaaaaaaaaaaaaaaaaaaaaaa" alt="Running Trainers, Size 42 · Black"');
    expect(mail.html).toContain('src="https://cdn.example/cap.webp"');
    expect(mail.html).toContain('Cap &lt;b&gt;');
    expect(mail.text).toContain('2 × Running Trainers (Size 42 · Black)');
    expect(mail.text).toContain('1 × Cap <b>');
    const shipped = renderMail('mail.order-status', { to: 'a@b.co', username: 'ann', orderId: 'o1', status: 'shipped', items }, ctx);
    expect(shipped.html).toContain('https://shop.example/api/images/aaaaaaaaaaaaaaaaaaaaaaaa');
  });

  it('links the deletion confirmation page', () => {
    const mail = renderMail('mail.account-deletion', { to: 'a@b.co', username: 'ann', token: 'abc' }, ctx);
    expect(mail.text).toContain('https://shop.example/verify-deletion/abc');
  });

  it("answers a contact message by its subject, quoting the sender's words, escaped in HTML", () => {
    const mail = renderMail('mail.contact-reply', { to: 'rita@example.com', messageId: 'm1', replyId: 'r1', name: 'Rita', subject: 'Return <label>', reply: 'Attached.', original: 'Send a <b>label</b>' }, ctx);
    expect(mail.subject).toBe('Re: Return <label>');
    expect(mail.text).toContain('Attached.');
    expect(mail.text).toContain('Send a <b>label</b>');
    expect(mail.html).not.toContain('<b>label</b>');
    expect(mail.html).toContain('Send a &lt;b&gt;label&lt;/b&gt;');
  });
});
