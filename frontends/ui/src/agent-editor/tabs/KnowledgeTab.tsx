import { AGENT_LIMITS, KB_SEARCH_METHODS, VECTOR_DATABASES } from '@platform/contracts';
import { Stack } from '../../mantine';
import { FormSection, NumberField, SelectField, TextAreaField } from '../forms/fields';
import { LLM_MODELS } from './PromptTab';
import type { TabProps } from './TabContent';
import { TabHeader } from './TabHeader';
import { KnowledgeSearch } from './knowledge/KnowledgeSearch';
import { KnowledgeSources } from './knowledge/KnowledgeSources';

/** Knowledge: sources and retrieval settings. */
export function KnowledgeTab({ agentId, region }: TabProps) {
  return (
    <Stack gap="lg">
      <TabHeader title="Knowledge" description="Documents and pages the agent answers from" />
      <FormSection title="Sources" description="A website, or PDF, Word (DOCX), text, Markdown or CSV files">
        <KnowledgeSources region={region} agentId={agentId} />
      </FormSection>
      <FormSection title="Search the knowledge" description="See which chunks a question retrieves">
        <KnowledgeSearch region={region} agentId={agentId} />
      </FormSection>
      <FormSection title="Retrieval" cols={2} testId="kb-retrieval">
        <SelectField path="vectorDb" label="Vector database" data={VECTOR_DATABASES} />
        <NumberField path="vgOptions.maxChunkSize" label="Max chunk size" min={1000} step={100} description="At least 1000 characters" placeholder={String(AGENT_LIMITS.defaultMaxChunkSize)} />
        <NumberField path="vg_kbDefaultDimension" label="Embedding dimension" min={1} placeholder={String(AGENT_LIMITS.defaultKbDimension)} />
        <NumberField path="vg_kbTopChunks" label="Top chunks" min={0} />
        <NumberField path="vg_kbCharCount" label="Characters per answer context" min={0} step={100} />
        <NumberField path="vg_kbDocsNum" label="Documents per answer" min={0} />
      </FormSection>
      <FormSection title="Knowledge search model" cols={2}>
        <SelectField path="vg_kb_llm.searchMethod" label="Search method" data={KB_SEARCH_METHODS} />
        <SelectField path="vg_kb_llm.modelId" label="Model" data={LLM_MODELS} clearable />
        <NumberField path="vg_kb_llm.temprature" label="Temperature" min={0} max={2} step={0.1} />
        <NumberField path="vg_kb_llm.maxTokens" label="Max tokens" min={1} step={64} />
      </FormSection>
      <FormSection title="Search prompt">
        <TextAreaField path="vg_kb_llm.searchPrompt" label="Search prompt" description="How the question is rewritten before searching" minRows={3} />
      </FormSection>
    </Stack>
  );
}
