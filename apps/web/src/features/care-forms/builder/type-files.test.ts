import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { exportFileName, exportJson, problemsOf } from './type-files';
import type { Questionnaire } from './questionnaire-tree';

describe('type files', () => {
  it('names an export by the type name in ASCII words and its version', () => {
    expect(exportFileName('Client intake', 2)).toBe('client-intake-v2.json');
    expect(exportFileName('Evaluación de caídas (STEADI)', 1)).toBe('evaluacion-de-caidas-steadi-v1.json');
    expect(exportFileName('***', 3)).toBe('care-form-type-v3.json');
  });

  it('exports the Questionnaire as indented JSON, titled by the type when it has no title', () => {
    const definition = {
      resourceType: 'Questionnaire',
      status: 'draft',
      item: [{ linkId: 'a', type: 'string' }],
    } as Questionnaire;
    const json = exportJson(definition, 'Intake');
    expect(json.endsWith('}\n')).toBe(true);
    expect(JSON.parse(json)).toEqual({ ...definition, title: 'Intake' });
    expect(JSON.parse(exportJson({ ...definition, title: 'Own' }, 'Intake')).title).toBe('Own');
  });

  it('lists every field error of a refused call, prefixing the field unless the message names it', () => {
    const error = TRPCClientError.from({
      error: {
        code: -32600,
        message: 'The form type has 3 problems. Item site: the item type "url" is not supported',
        data: {
          httpStatus: 400,
          fieldErrors: {
            site: ['Item site: the item type "url" is not supported'],
            who: ['the item type "reference" is not supported', 'a second problem'],
            json: ['The file is not valid JSON'],
          },
        },
      },
    });
    expect(problemsOf(error)).toEqual({
      message: 'The form type has 3 problems. Item site: the item type "url" is not supported',
      details: [
        'Item site: the item type "url" is not supported',
        'who: the item type "reference" is not supported',
        'who: a second problem',
        'The file is not valid JSON',
      ],
    });
    expect(problemsOf(new Error('Network down'))).toEqual({ message: 'Network down', details: [] });
  });
});
