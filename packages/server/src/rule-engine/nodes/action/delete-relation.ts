import { RelationsRepo } from '../../../modules/relations/repo.js';
import { configBoolean } from '../../config.js';
import { flag, nodeConfigSchema } from '../../config-schema.js';
import { defineNode } from '../../node.js';
import { requireTenantEntity } from '../../services/owned-entity.js';
import {
  configureRelationTarget,
  deleteOriginatorRelations,
  RELATION_TARGET_PROPERTIES,
  type RelationTargetConfig,
  relationEnds,
  relationTargetFinder,
} from './relation-target.js';

export interface DeleteRelationConfig extends RelationTargetConfig {
  deleteForSingleEntity: boolean;
}

/**
 * Deletes the originator's relation to an entity found by name, or, without
 * `deleteForSingleEntity`, all its relations of the type and direction (reference
 * TbDeleteRelationNode). A relation that is not there is no error: Success either way.
 */
export const deleteRelationNode = defineNode<DeleteRelationConfig>({
  clazz: 'org.thingsboard.rule.engine.action.TbDeleteRelationNode',
  type: 'ACTION',
  name: 'delete relation',
  description:
    'Finds target Entity by entity name pattern and then delete a relation to Originator Entity by type and direction' +
    " if 'Delete single entity' is set to true, otherwise rule node will delete all relations to the originator of the message by type and direction.",
  details:
    'If the relation(s) successfully deleted -  Message send via <b>Success</b> chain, otherwise <b>Failure</b> chain will be used.',
  relationTypes: ['Success'],
  configDirective: 'tbActionNodeDeleteRelationConfig',
  defaultConfiguration: {
    deleteForSingleEntity: true,
    direction: 'FROM',
    relationType: 'Contains',
    entityNamePattern: '',
    entityCacheExpiration: 300,
  },
  configurationSchema: nodeConfigSchema(
    { deleteForSingleEntity: flag('Delete relation to specific entity'), ...RELATION_TARGET_PROPERTIES },
    ['relationType'],
  ),
  configure(raw) {
    const deleteForSingleEntity = configBoolean(raw, 'deleteForSingleEntity', true);
    return { ...configureRelationTarget(raw), deleteForSingleEntity };
  },
  create(config, ctx) {
    const { services, self } = ctx;
    const findTarget = relationTargetFinder(config, ctx, false);
    return {
      async onMsg(msg) {
        await requireTenantEntity(services.db, self.tenantId, msg.originator);
        const relations = new RelationsRepo(services.db);
        if (config.deleteForSingleEntity) {
          const target = await findTarget(msg);
          const ends = relationEnds(config, msg.originator, target);
          await relations.delete({ ...ends, type: config.relationType, typeGroup: 'COMMON' });
        } else {
          await deleteOriginatorRelations(relations, config, msg.originator);
        }
        return { msg, relations: ['Success'] };
      },
    };
  },
});
