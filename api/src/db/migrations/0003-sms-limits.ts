import type { Migration } from '../migrate';

/**
 * Indexes for the SMS rate rules, which count codes per mobile and per client address across
 * projects (the existing `sms_code_mobile` index starts with the project).
 */
export const m0003SmsLimits: Migration = {
  name: '0003-sms-limits',
  async up(queryInterface) {
    await queryInterface.addIndex('sms_code', ['mobile', 'created_at'], {
      name: 'sms_code_mobile_any_project',
    });
    await queryInterface.addIndex('sms_code', ['ip', 'created_at'], { name: 'sms_code_ip' });
  },
  async down(queryInterface) {
    await queryInterface.removeIndex('sms_code', 'sms_code_ip');
    await queryInterface.removeIndex('sms_code', 'sms_code_mobile_any_project');
  },
};
