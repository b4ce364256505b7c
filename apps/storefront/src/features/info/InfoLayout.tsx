import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { PageHeader } from '../../components/ui/PageHeader';

export interface InfoSection {
  title: string;
  body: ReactNode;
}

export function InfoLayout({
  title,
  intro,
  sections,
  children,
}: {
  title: string;
  intro?: ReactNode;
  sections: InfoSection[];
  children?: ReactNode;
}) {
  return (
    <Container maxWidth="md" sx={{ py: 4 }}>
      <PageHeader title={title} subtitle={intro} />
      {sections.map((s, i) => (
        <Box component="section" key={s.title} aria-labelledby={`section-${i}`} sx={{ mb: 4 }}>
          <Typography id={`section-${i}`} component="h2" variant="h5" sx={{ fontWeight: 700, mb: 1 }}>
            {s.title}
          </Typography>
          <Box sx={{ color: 'text.secondary', '& p': { mt: 0, mb: 1.5 }, '& li': { mb: 0.5 }, lineHeight: 1.7 }}>{s.body}</Box>
        </Box>
      ))}
      {children}
    </Container>
  );
}
