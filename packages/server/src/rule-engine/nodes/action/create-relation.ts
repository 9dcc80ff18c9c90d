import { RelationsRepo } from '../../../modules/relations/repo.js';
import { configBoolean } from '../../config.js';
import { flag, nodeConfigSchema } from '../../config-schema.js';
import { changeMsg } from '../../message.js';
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

export interface CreateRelationConfig extends RelationTargetConfig {
  createEntityIfNotExists: boolean;
  removeCurrentRelations: boolean;
  changeOriginatorToRelatedEntity: boolean;
}

/**
 * Relates the originator to an entity found by name (reference TbCreateRelationNode), creating the
 * entity first when allowed. When the relation is new and `removeCurrentRelations` is set, the
 * originator's other relations of the type and direction go first. Success with the message, its
 * originator changed to the target when `changeOriginatorToRelatedEntity`.
 */
export const createRelationNode = defineNode<CreateRelationConfig>({
  clazz: 'org.thingsboard.rule.engine.action.TbCreateRelationNode',
  type: 'ACTION',
  name: 'create relation',
  description:
    'Finds target Entity by entity name pattern and (entity type pattern for Asset, Device) and then create a relation to Originator Entity by type and direction.' +
    " If Selected entity type: Asset, Device or Customer will create new Entity if it doesn't exist and selected checkbox 'Create new entity if not exists'.<br>" +
    " In case that relation from the message originator to the selected entity not exist and  If selected checkbox 'Remove current relations'," +
    ' before creating the new relation all existed relations to message originator by type and direction will be removed.<br>' +
    " If selected checkbox 'Change originator to related entity' output message originator will be replaced to the selected entity.",
  details:
    'If the relation already exists or successfully created -  Message send via <b>Success</b> chain, otherwise <b>Failure</b> chain will be used.',
  relationTypes: ['Success'],
  configDirective: 'tbActionNodeCreateRelationConfig',
  defaultConfiguration: {
    direction: 'FROM',
    relationType: 'Contains',
    entityNamePattern: '',
    entityCacheExpiration: 300,
    createEntityIfNotExists: false,
    removeCurrentRelations: false,
    changeOriginatorToRelatedEntity: false,
  },
  configurationSchema: nodeConfigSchema(
    {
      ...RELATION_TARGET_PROPERTIES,
      createEntityIfNotExists: flag('Create new entity if not exists'),
      removeCurrentRelations: flag('Remove current relations'),
      changeOriginatorToRelatedEntity: flag('Change originator to related entity'),
    },
    ['relationType'],
  ),
  configure(raw) {
    return {
      ...configureRelationTarget(raw),
      createEntityIfNotExists: configBoolean(raw, 'createEntityIfNotExists', false),
      removeCurrentRelations: configBoolean(raw, 'removeCurrentRelations', false),
      changeOriginatorToRelatedEntity: configBoolean(raw, 'changeOriginatorToRelatedEntity', false),
    };
  },
  create(config, ctx) {
    const { services, self } = ctx;
    const findTarget = relationTargetFinder(config, ctx, config.createEntityIfNotExists);
    return {
      async onMsg(msg) {
        await requireTenantEntity(services.db, self.tenantId, msg.originator);
        const target = await findTarget(msg);
        const key = {
          ...relationEnds(config, msg.originator, target),
          type: config.relationType,
          typeGroup: 'COMMON' as const,
        };
        const relations = new RelationsRepo(services.db);
        if (!(await relations.find(key))) {
          if (config.removeCurrentRelations) {
            await deleteOriginatorRelations(relations, config, msg.originator);
          }
          await relations.save(key, null);
        }
        const out = config.changeOriginatorToRelatedEntity ? changeMsg(msg, { originator: target }) : msg;
        return { msg: out, relations: ['Success'] };
      },
    };
  },
});
