import { Op } from 'sequelize';
import { containsPattern } from '../../core/query';
import { Account } from './account.model';

/**
 * The accounts of the project a back-office list's 学员 filter means: part of the name, the whole
 * ID number (any case) or the whole mobile; at most 1,000 (a filter that wide finds nothing useful).
 */
export async function accountIdsMatching(projectId: number, text: string): Promise<number[]> {
  const accounts = await Account.findAll({
    attributes: ['id'],
    where: {
      projectId,
      [Op.or]: [
        { realName: { [Op.iLike]: containsPattern(text) } },
        { idCardNo: text.toUpperCase() },
        { mobile: text },
      ],
    },
    limit: 1000,
  });
  return accounts.map((account) => account.id);
}
