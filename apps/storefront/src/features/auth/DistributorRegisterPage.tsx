import { usePageMeta } from '../../lib/meta';
import { AuthCard } from './AuthCard';
import { RegisterForm } from './RegisterPage';

export default function DistributorRegisterPage() {
  usePageMeta('Become a Distributor', 'Register your store to sell clothing and accessories on Threadline.');
  return (
    <AuthCard title="Become a Distributor" subtitle="Register your store and add products; our team reviews each one before it goes live.">
      <RegisterForm distributor />
    </AuthCard>
  );
}
